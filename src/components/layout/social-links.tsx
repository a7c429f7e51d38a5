import { site } from "@/config/site";

type Names = Record<(typeof site.social)[number]["id"], string>;

function Icon({ id }: { id: string }) {
  // Simple brand glyphs drawn inline: no icon service, nothing to fail.
  const paths: Record<string, string> = {
    instagram: "M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5Zm5 5.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9Zm0 2a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM17.5 5.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z",
    facebook: "M14 8h3V4h-3c-2.8 0-4.5 1.9-4.5 4.6V11H7v4h2.5v7h4v-7H17l.5-4h-4V8.8c0-.5.3-.8.5-.8Z",
    linkedin: "M4 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM2.3 9h3.4v12H2.3V9Zm6 0h3.3v1.7c.5-.9 1.7-2 3.7-2 3.7 0 4.4 2.4 4.4 5.6V21h-3.4v-6c0-1.5 0-3.3-2-3.3s-2.4 1.6-2.4 3.2V21H8.3V9Z",
  };
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 fill-current">
      <path fillRule="evenodd" d={paths[id]} />
    </svg>
  );
}

export function SocialLinks({ label, names }: { label: string; names: Names }) {
  return (
    <ul aria-label={label} className="flex gap-2">
      {site.social.map((s) => (
        <li key={s.id}>
          <a
            href={s.href}
            rel="noopener noreferrer"
            target="_blank"
            aria-label={names[s.id]}
            className="inline-flex size-11 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-200 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white"
          >
            <Icon id={s.id} />
          </a>
        </li>
      ))}
    </ul>
  );
}
