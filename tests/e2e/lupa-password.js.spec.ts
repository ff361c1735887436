/**
 * Forgot password (/lupa-password) with JavaScript on: the ID strips non-digits as you type,
 * the 10-digit rule disables 'RESET PASSWORD', step 2 shows only the masked phone, the
 * 'Perhatian!' dialog, the wrong-phone path (nothing changes), the reset toast, the new
 * password on WhatsApp only (the outbox and 'Notifikasi' keep it masked), and a prank-proof
 * reset: the old password keeps working and a login with it voids the reset; a new password,
 * once used, kills the old one and every old session. Plus the per-IP throttle.
 */
import {
  createUserViaUi,
  DEMO,
  EXPECTED_4XX,
  expect,
  login,
  LONG_FLOW_MS,
  newPasswordOnWhatsApp,
  resetOutboxFor,
  PHONE_VIEWPORT,
  test,
  TEST_OPERATOR_PASSWORD,
  TEST_OPERATOR_USERNAME,
  unique,
  uniqueNidn,
} from "./fixtures";

// Refused lookups and posts answer with their real status (a 4xx).
test.use({ consoleErrorsAllowed: EXPECTED_4XX });

const OLD_PASSWORD = "LamaPass123";

test("the whole forgot-password flow, from the login page back to a working new password", async ({ page, browser, extraHTTPHeaders, server, serverDb }) => {
  // A long flow (several argon2 logins and saves): 16–20 s on an idle machine.
  test.setTimeout(LONG_FLOW_MS);
  const username = `dosenjs${unique()}`;
  const nidn = uniqueNidn();
  const phone = `0813${nidn.slice(-8)}`;
  await createUserViaUi(page, { username, name: "Dr. Sari Dewi", password: OLD_PASSWORD, no_hp: phone, roles: ["Operator", "Pengusul"], nidn });

  // Session A: the lecturer is still logged in somewhere with the old password.
  const other = await browser.newContext({ extraHTTPHeaders });
  const sessionA = await other.newPage();
  await login(sessionA, username, OLD_PASSWORD);
  await expect(sessionA).toHaveURL(/\/operator\/dashboard$/);

  await page.goto("/login");
  await page.getByRole("link", { name: "Lupa password?" }).click();
  await expect(page).toHaveURL(/\/lupa-password$/);
  await expect(page).toHaveTitle(`Lupa Password - ${DEMO.titleSuffix}`);
  // No header or footer on /lupa-password.
  await expect(page.locator("header")).toHaveCount(0);
  await expect(page.locator("footer")).toHaveCount(0);

  // Step 1: digits only as you type; under 10 digits the message shows and the button is off.
  const id = page.getByLabel("NIDN/NUPTK");
  const reset = page.getByRole("button", { name: "RESET PASSWORD" });
  await expect(reset).toBeDisabled();
  await id.pressSequentially("00-12ab 3");
  await expect(id).toHaveValue("00123");
  await expect(page.getByText("NIDN/NIDK harus minimal 10 digit.")).toBeVisible();
  await expect(reset).toBeDisabled();

  // An unknown ID: the server's message, inline and as a toast.
  await id.fill("");
  await id.pressSequentially("8888888888");
  await expect(page.getByText("NIDN/NIDK harus minimal 10 digit.")).toHaveCount(0);
  await reset.click();
  await expect(page.locator("main").getByRole("alert")).toHaveText("NIDN/NUPTK tidak terdaftar.");
  await expect(page.locator(".Toastify").getByText("NIDN/NUPTK tidak terdaftar.")).toBeVisible();

  // Step 2: the name and the masked phone (never the full number, anywhere in the page).
  await id.fill(nidn);
  await reset.click();
  await expect(page.getByTestId("nama-sdm")).toHaveText("Dr. Sari Dewi");
  await expect(page.getByTestId("telepon-hp")).toHaveText(`08*******${phone.slice(-3)}`);
  expect(await page.content()).not.toContain(phone.slice(2));

  // 'KEMBALI' goes back one step: step 2 → step 1, step 1 → /login.
  await page.getByRole("link", { name: "KEMBALI" }).click();
  await expect(page.getByLabel("NIDN/NUPTK")).toBeVisible();
  await page.getByRole("link", { name: "KEMBALI" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/lupa-password");
  await page.getByLabel("NIDN/NUPTK").fill(nidn);
  await page.getByRole("button", { name: "RESET PASSWORD" }).click();
  await expect(page.getByTestId("telepon-hp")).toBeVisible();

  // The confirmation dialog; 'Tidak' closes it and nothing is sent.
  await page.getByLabel("Nomor Telepon").fill("0800 0000 0000");
  await page.getByRole("button", { name: "Kirim Notifikasi" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Perhatian!" })).toBeVisible();
  await expect(dialog).toContainText("Username dan Password baru akan dikirimkan");
  await dialog.getByRole("button", { name: "Tidak" }).click();
  await expect(dialog).toHaveCount(0);

  // A wrong phone number: the spec's error path, and nothing changes.
  await page.getByRole("button", { name: "Kirim Notifikasi" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Ya" }).click();
  await expect(page.locator("main").getByRole("alert")).toHaveText("Nomor telepon tidak sesuai.");
  await expect(page.locator(".Toastify").getByText("Nomor telepon tidak sesuai.")).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  expect(resetOutboxFor(serverDb, username)).toHaveLength(0);

  // The right number, typed differently (+62, spaces): reset, green toast, back to /login.
  await page.getByLabel("Nomor Telepon").fill(`+62 ${phone.slice(1, 4)} ${phone.slice(4)}`);
  await page.getByRole("button", { name: "Kirim Notifikasi" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Ya" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator(".Toastify").getByText("Reset Password Berhasil")).toBeVisible();

  // The new password reaches the lecturer on WhatsApp only; the outbox keeps it masked.
  const wa = `62${phone.slice(1)}`;
  const firstPassword = await newPasswordOnWhatsApp(server, wa);
  await expect.poll(() => resetOutboxFor(serverDb, username)[0]?.status).toBe("sent");
  const [message, ...older] = resetOutboxFor(serverDb, username);
  expect(older).toHaveLength(0);
  expect(message).toMatchObject({ channel: "whatsapp", recipient: wa });
  expect(message!.body).toContain(`Username: ${username}`);
  expect(message!.body).toContain("Password baru: ********");
  expect(message!.body).not.toContain(firstPassword);

  // A prank reset locks nobody out: the old password and session A still work, and a login
  // with the old password voids the reset.
  await login(page, username, OLD_PASSWORD);
  await expect(page).toHaveURL(/\/operator\/dashboard$/);
  await sessionA.reload();
  await expect(sessionA).toHaveURL(/\/operator\/dashboard$/);
  await page.context().clearCookies();
  await login(page, username, firstPassword);
  await expect(page.getByRole("alert")).toHaveText("Login Gagal! username dan password salah");

  // A second reset, really wanted this time.
  await page.goto("/lupa-password");
  await page.getByLabel("NIDN/NUPTK").fill(nidn);
  await page.getByRole("button", { name: "RESET PASSWORD" }).click();
  await page.getByLabel("Nomor Telepon").fill(phone);
  await page.getByRole("button", { name: "Kirim Notifikasi" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Ya" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const newPassword = await newPasswordOnWhatsApp(server, wa, firstPassword);

  // The operator's Notifikasi page lists both messages, sent, with the password masked.
  await login(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
  // The sidebar's Notifikasi (every message sent), not the header's (the operator's own inbox).
  await page.getByRole("complementary", { name: "Menu samping" }).getByRole("link", { name: "Notifikasi" }).click();
  await expect(page).toHaveURL(/\/operator\/notifikasi$/);
  await expect(page.getByRole("heading", { level: 1, name: "Notifikasi" })).toBeVisible();
  // This user's messages, found by the page's search (the shared server sends many), and only the
  // resets among them: as an Operator this user is also told of other specs' LPPM steps meanwhile.
  await page.goto(`/operator/notifikasi?q=${username}`);
  const rows = page.getByRole("row", { name: new RegExp(username) }).filter({ hasText: "Reset Password" });
  await expect(rows).toHaveCount(2);
  const row = rows.first();
  await expect(row).toContainText("WhatsApp");
  await expect(row).toContainText("Terkirim");
  await row.getByText("Reset Password", { exact: true }).click();
  await expect(row).toContainText("Password baru: ********");
  expect(await page.content()).not.toContain(newPassword);

  // The new password is used once: it works, and the old one and session A die.
  await page.context().clearCookies();
  await login(page, username, newPassword);
  await expect(page).toHaveURL(/\/operator\/dashboard$/);
  await sessionA.reload();
  await expect(sessionA).toHaveURL(/\/login\?redirectTo=%2Foperator%2Fdashboard$/);
  await login(sessionA, username, OLD_PASSWORD);
  await expect(sessionA.getByRole("alert")).toHaveText("Login Gagal! username dan password salah");
  await other.close();
});

test("lookups are throttled per client address (429 with a message)", async ({ page }) => {
  await page.goto("/lupa-password");
  const id = page.getByLabel("NIDN/NUPTK");
  for (let i = 0; i < 10; i++) {
    await id.fill(`77${String(Date.now()).slice(-6)}${String(i).padStart(2, "0")}`);
    await page.getByRole("button", { name: "RESET PASSWORD" }).click();
    await expect(page.locator("main").getByRole("alert")).toHaveText("NIDN/NUPTK tidak terdaftar.");
  }
  await id.fill("7700000099");
  await page.getByRole("button", { name: "RESET PASSWORD" }).click();
  await expect(page.locator("main").getByRole("alert")).toHaveText(/^Terlalu banyak permintaan\. Silakan coba lagi dalam \d+ menit\.$/);
});

test("fits a phone screen", async ({ page }) => {
  await page.setViewportSize(PHONE_VIEWPORT);
  await page.goto("/lupa-password");
  await expect(page.getByRole("heading", { name: "Lupa Password" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole("button", { name: "RESET PASSWORD" })).toBeInViewport();
});
