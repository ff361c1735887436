/**
 * Accounts and roles with JavaScript off: the lecturer who also reviews lands in the
 * reviewer's area and switches to the proposer's area from the header (a plain <details> menu).
 */
import { createUserViaUi, EXPECTED_4XX, expect, login, LONG_FLOW_MS, test, unique } from "./fixtures";

// Guards and refused posts answer with their real status (a 4xx).
test.use({ consoleErrorsAllowed: EXPECTED_4XX });

test("the area switcher works without JavaScript", async ({ page }) => {
  test.setTimeout(LONG_FLOW_MS);
  const username = `ganda${unique()}`;
  await createUserViaUi(page, { username, name: "Dr. Bayu Reviewer", password: "Rahasia123x", no_hp: "081300002222", roles: ["Pengusul", "Reviewer-External"] });
  await login(page, username, "Rahasia123x");
  await expect(page).toHaveURL(/\/reviewer\/dashboard$/);
  await page.getByTestId("area-sekarang").click();
  await page.getByRole("navigation", { name: "Pindah area" }).getByRole("link", { name: "Pengusul" }).click();
  await expect(page).toHaveURL(/\/pengusul\/dashboard$/);
  await expect(page.getByTestId("area-sekarang")).toHaveText("Pengusul");
});
