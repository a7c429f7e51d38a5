import { describe, expect, it } from "vitest";
import { personDataScript, personDataUrl, type PersonData } from "./person-data";

describe("the person's data in a shell's HTML", () => {
  it("is a data block nothing in the data can close, and reads back the same", () => {
    const person = { balance: 3, menu: { email: "</script><script>alert(1)</script>@example.test" } } as unknown as PersonData;
    const markup = personDataScript(person, personDataUrl("pl", "gallery"));
    expect(markup.match(/<\/script/gi)).toHaveLength(1);
    expect(markup).toContain('data-source="/api/me?locale=pl&amp;with=gallery"');
    const json = /^<script type="application\/json" id="person-data" data-source="[^"]*">([\s\S]*)<\/script>$/.exec(markup)![1]!;
    expect(JSON.parse(json)).toEqual(person);
  });
});
