import { describe, expect, it } from "vitest";
import { browserPerFile, openPage, workerShop } from "../helpers/browser";
import { bookOut, expectAccessible, hydrated, text, winterPeriod } from "../helpers/browser-booking";

const baseUrl = workerShop().url;
const chrome = browserPerFile({ context: {}, admin: true });

describe("a unit leaving service", () => {
  it("names the booking no other unit is free for under the unit set in repair", async () => {
    // One boot of size 42 per branch: the family's order takes all three.
    const orderPath = await bookOut(baseUrl, "snowboard-boots", ["42", "42", "42"], winterPeriod(new Date(), 18), {
      email: "boots.family@example.com",
    });
    const number = /R-\d{4}-\d{6}/.exec(await (await chrome.context.request.get(`${baseUrl}${orderPath}`)).text())?.[0] as string;
    expect(number).toBeTruthy();

    const { page, consoleErrors } = await openPage(chrome.context);
    await page.goto(`${baseUrl}/admin/items?q=snowboard-boots`);
    await page
      .locator('a[href^="/admin/item/"]')
      .filter({ hasText: /snowboard boots/i })
      .first()
      .click();
    await page.waitForURL(/\/admin\/item\/\d+$/);
    await hydrated(page);
    const ciaslin = page.locator("#units [data-branch]").filter({ has: page.getByRole("heading", { name: /Ciaslin/ }) });
    const row = ciaslin.locator("tr[data-unit]").filter({ has: page.locator("td", { hasText: /^42$/ }) });
    const code = (await row.getAttribute("data-unit")) as string;

    await row.getByLabel(text("en", "admin.items.statusOf", { code })).selectOption("maintenance");
    await row.getByRole("button", { name: text("en", "admin.items.saveUnit", { code }) }).click();
    await page.waitForURL((url) => url.searchParams.get("saved") === "units");
    await hydrated(page);
    const note = page.locator(`[data-stranded="${code}"]`);
    expect(await note.textContent()).toContain(text("en", "admin.items.stranded_one"));
    expect(await note.getByRole("link", { name: number }).getAttribute("href")).toMatch(/^\/admin\/calendar\?start=\d{4}-\d{2}-\d{2}$/);
    await expectAccessible(page, "units list with a booking stranded on a unit in repair");

    // Back in service: the booking has its boot again, and the note goes.
    await page
      .locator(`tr[data-unit="${code}"]`)
      .getByRole("button", { name: text("en", "admin.damage.releaseButton", { code }) })
      .click();
    await page.locator(`[data-stranded="${code}"]`).waitFor({ state: "detached" });
    await hydrated(page);
    expect(consoleErrors).toEqual([]);
  });
});
