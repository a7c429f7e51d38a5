import Link from "next/link";

// Reached only for paths the proxy does not route into a language (it routes all pages), so it stays minimal.
export default function GlobalNotFound() {
  return (
    <html lang="pl">
      <body>
        <h1>Ups! Nie znaleziono pokoju!</h1>
        <Link href="/">Aranżer</Link>
      </body>
    </html>
  );
}
