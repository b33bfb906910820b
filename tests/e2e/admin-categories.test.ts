import { describe, expect, it } from "vitest";
import { browserPerFile, openPage, workerShop } from "../helpers/browser";
import { expectAccessible, hydrated, text } from "../helpers/browser-booking";

const baseUrl = workerShop().url;
const chrome = browserPerFile({ context: { device: "desktop" }, admin: true });

describe("categories in the back office", () => {
  it("creates, finds, edits and deletes a category, in Italian", async () => {
    const { page, consoleErrors } = await openPage(chrome.context);
    await page.goto(`${baseUrl}/it/admin/categories`);
    await hydrated(page);
    await expectAccessible(page, "categories");
    // A filter narrows the list, and the URL keeps it.
    await page.getByLabel(text("it", "admin.field.kind")).selectOption("service");
    await page.getByRole("button", { name: text("it", "admin.list.apply") }).click();
    await page.waitForURL(/kind=service/);
    // The URL changes before React commits the new list, so wait for the list itself.
    await expect.poll(() => page.locator("tbody").textContent()).not.toContain(text("it", "admin.kind.rental"));
    expect(await page.locator("tbody tr").count()).toBeGreaterThan(0);

    await page.getByRole("link", { name: text("it", "admin.create") }).click();
    await page.waitForURL(`${baseUrl}/it/admin/category/create`);
    await hydrated(page);
    await expectAccessible(page, "new category");
    await page.getByRole("button", { name: text("it", "admin.form.create") }).click();
    await expect.poll(() => page.getByRole("alert").first().textContent()).toMatch(/2/);
    await expectAccessible(page, "new category with errors");

    const id = `test-cat-${Date.now().toString(36)}`;
    await page.getByLabel(text("it", "admin.field.id")).fill(id);
    await page.getByLabel(text("it", "admin.field.kind")).selectOption("sale");
    await page.locator('[name="name.en"]').fill("Gloves");
    await page.locator('[name="name.it"]').fill("Guanti");
    await page.getByRole("button", { name: text("it", "admin.form.create") }).click();
    await page.waitForURL(`${baseUrl}/it/admin/category/${id}?saved=1`);
    await hydrated(page);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Guanti");
    await expectAccessible(page, "category");

    await page.locator('[name="name.de"]').fill("Handschuhe");
    await page.getByRole("button", { name: text("it", "admin.form.save") }).click();
    await page.waitForURL(`${baseUrl}/it/admin/category/${id}?saved=1`);
    await expect.poll(() => page.locator("[data-audit]").count()).toBe(2);
    await expect.poll(() => page.locator('[data-audit="update"]').textContent()).toContain("Handschuhe");

    // The list finds it by its name in any language.
    await page.goto(`${baseUrl}/it/admin/categories?q=Handschuhe`);
    await hydrated(page);
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);

    await page.goto(`${baseUrl}/it/admin/category/${id}`);
    await hydrated(page);
    await page.getByText(text("it", "admin.delete.open", { name: "Guanti" })).click();
    await page.getByRole("button", { name: text("it", "admin.delete.confirm", { name: "Guanti" }) }).click();
    await page.waitForURL(`${baseUrl}/it/admin/categories?deleted=1`);
    await expect.poll(() => page.getByText(text("it", "admin.delete.done")).count()).toBe(1);
    expect((await page.request.get(`${baseUrl}/it/admin/category/${id}`)).status()).toBe(404);

    // A category with items explains why it cannot be deleted.
    await page.goto(`${baseUrl}/it/admin/category/ski-snowboard`);
    await hydrated(page);
    await page.getByText(/^Elimina /).click();
    expect(await page.getByRole("button", { name: /^Sì, elimina/ }).count()).toBe(0);
    await expect.poll(() => page.locator("details").textContent()).toMatch(/non si può eliminare/);
    expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await page.close();
  });
});
