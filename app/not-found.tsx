import { Link } from "@/components/link";

// Reached only for paths the proxy does not route into a language (it routes all pages), so it stays
// minimal and speaks both languages.
export default function GlobalNotFound() {
  return (
    <html lang="pl">
      <body>
        <h1>Ups! Nie znaleziono pokoju!</h1>
        <p lang="en">Oops! Room not found!</p>
        <Link href="/">Aranżer</Link>
      </body>
    </html>
  );
}
