/**
 * The same with JavaScript on and off (login-kampus.js.spec.ts, login-kampus.nojs.spec.ts): a
 * lecturer signs in with 'Masuk dengan akun kampus' through the real OpenID provider the shared
 * server runs beside it (../setup/oidc-provider.mjs, started by ./start-server.mjs), and lands
 * in their area; an e-mail no account has comes back to the login page with its message.
 */
import { CAMPUS_LOGIN_MESSAGES } from "../../app/http/auth.server";
import { addUser } from "../setup/data";
import { expect, test, unique } from "./fixtures";

export function loginKampusSpecs() {
  test("a lecturer signs in with the campus account; an unknown e-mail is refused on the login page", async ({ page, serverDb }) => {
    const username = `kampus${unique()}`;
    await addUser(serverDb, ["Pengusul"], { username, name: "Dr. Sari Kampus", email: `${username}@kampus.test` });

    await page.goto("/login");
    await page.getByRole("link", { name: "Masuk dengan akun kampus" }).click();
    await expect(page.getByRole("heading", { name: "Akun Kampus Uji" })).toBeVisible();
    await page.getByLabel("E-mail").fill(`${username.toUpperCase()}@kampus.test`);
    await page.getByRole("button", { name: "Masuk", exact: true }).click();
    await expect(page).toHaveURL(/\/pengusul\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Selamat datang, Dr. Sari Kampus!" })).toBeVisible();

    await page.context().clearCookies();
    await page.goto("/login");
    await page.getByRole("link", { name: "Masuk dengan akun kampus" }).click();
    await page.getByLabel("E-mail").fill(`bukan${username}@kampus.test`);
    await page.getByRole("button", { name: "Masuk", exact: true }).click();
    await expect(page).toHaveURL(/\/login\?gagal=tidak-dikenal$/);
    await expect(page.getByRole("alert")).toHaveText(CAMPUS_LOGIN_MESSAGES["tidak-dikenal"]);
  });
}
