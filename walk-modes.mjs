import { chromium } from "playwright-core";
const B = process.env.B;
const out = "/tmp/walk";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const ctx = await browser.newContext({ viewport: { width: 375, height: 740 }, colorScheme: "dark", deviceScaleFactor: 1, hasTouch: true, isMobile: true });
const page = await ctx.newPage();
const errors = [];
page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
page.on("pageerror", (e) => errors.push(String(e)));
const r = await page.request.post(`${B}/api/test/sign-in`, { headers: { origin: B }, data: { email: `walk${Date.now()}@example.test`, password: "walk-password-1", tokens: 30 } });
console.log("sign-in", r.status());
await page.goto(`${B}/en/design`);
await page.locator('input[type="file"]:not([capture])').setInputFiles("/work/main/tests/fixtures/living-room-phone-4032x3024.jpg");
await page.getByText("Photo uploaded.").waitFor({ timeout: 30000 });
await page.screenshot({ path: `${out}/00-uploaded.png`, fullPage: true });
const modes = await page.getByRole("radio").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") || e.closest("label")?.textContent?.trim().slice(0, 40)));
console.log("radios", modes);
for (const name of ["Stage", "Declutter", "Edit a region", "Walls and floors", "Restyle"]) {
  const radio = page.getByRole("radio", { name: new RegExp(`^${name}`) }).first();
  await radio.focus(); await page.keyboard.press("Space");
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/mode-${name.replace(/ /g, "_")}.png`, fullPage: true });
}
// overflow check
const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
console.log("horizontal overflow px", overflow);
console.log("errors", errors);
await browser.close();
