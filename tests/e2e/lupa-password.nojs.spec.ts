/**
 * Forgot password with JavaScript OFF: every step is a server-rendered form post — the
 * 10-digit rule from the server, step 2 with the masked phone, the 'Perhatian!' confirmation
 * as its own step ('Tidak' goes back), the wrong-phone message, and the success message on
 * /login; the new password arrives on WhatsApp (the outbox keeps it masked) and, once used,
 * kills the old one. Per-ID throttling.
 */
import {
  createUserViaUi,
  EXPECTED_4XX,
  expect,
  login,
  newPasswordOnWhatsApp,
  resetOutboxFor,
  PHONE_VIEWPORT,
  test,
  unique,
  uniqueNidn,
} from "./fixtures";

// Refused lookups and posts answer with their real status (a 4xx).
test.use({ consoleErrorsAllowed: EXPECTED_4XX });

const OLD_PASSWORD = "LamaPass123";

test("the whole flow works without JavaScript", async ({ page, server, serverDb }) => {
  const username = `dosennojs${unique()}`;
  const nidn = uniqueNidn();
  const phone = `0857${nidn.slice(-8)}`;
  await createUserViaUi(page, { username, name: "Prof. Budi Hartono", password: OLD_PASSWORD, no_hp: phone, roles: ["Operator", "Kepala-LPPM"], nidn });

  await page.setViewportSize(PHONE_VIEWPORT);
  await page.goto("/login");
  await page.getByRole("link", { name: "Lupa password?" }).click();
  await expect(page).toHaveURL(/\/lupa-password$/);
  await expect(page.locator("header")).toHaveCount(0);
  await expect(page.locator("footer")).toHaveCount(0);

  // The server strips non-digits and answers the 10-digit rule.
  await page.getByLabel("NIDN/NUPTK").fill("12-34 5");
  await page.getByRole("button", { name: "RESET PASSWORD" }).click();
  await expect(page.getByText("NIDN/NIDK harus minimal 10 digit.")).toBeVisible();
  await expect(page.getByLabel("NIDN/NUPTK")).toHaveValue("12345");

  // Unknown ID: the server's message.
  await page.getByLabel("NIDN/NUPTK").fill("6666666666");
  await page.getByRole("button", { name: "RESET PASSWORD" }).click();
  await expect(page.getByRole("alert")).toHaveText("NIDN/NUPTK tidak terdaftar.");

  // Step 2.
  await page.getByLabel("NIDN/NUPTK").fill(`${nidn.slice(0, 4)} ${nidn.slice(4)}`);
  await page.getByRole("button", { name: "RESET PASSWORD" }).click();
  await expect(page.getByTestId("nama-sdm")).toHaveText("Prof. Budi Hartono");
  await expect(page.getByTestId("telepon-hp")).toHaveText(`08*******${phone.slice(-3)}`);
  expect(await page.content()).not.toContain(phone.slice(2));

  // 'Kirim Notifikasi' → the confirmation step; 'Tidak' returns with the typed number kept.
  await page.getByLabel("Nomor Telepon").fill("0800 1111 2222");
  await page.getByRole("button", { name: "Kirim Notifikasi" }).click();
  await expect(page.getByRole("heading", { name: "Perhatian!" })).toBeVisible();
  await expect(page.getByText("Username dan Password baru akan dikirimkan")).toBeVisible();
  await page.getByRole("button", { name: "Tidak" }).click();
  await expect(page.getByLabel("Nomor Telepon")).toHaveValue("0800 1111 2222");

  // Wrong number: the message, nothing sent.
  await page.getByRole("button", { name: "Kirim Notifikasi" }).click();
  await page.getByRole("button", { name: "Ya" }).click();
  await expect(page.getByRole("alert")).toHaveText("Nomor telepon tidak sesuai.");
  await expect(page.getByTestId("telepon-hp")).toHaveText(`08*******${phone.slice(-3)}`);
  expect(resetOutboxFor(serverDb, username)).toHaveLength(0);

  // Right number: back to /login with the success message.
  await page.getByLabel("Nomor Telepon").fill(phone);
  await page.getByRole("button", { name: "Kirim Notifikasi" }).click();
  await page.getByRole("button", { name: "Ya" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("status")).toHaveText("Reset Password Berhasil");
  await page.reload();
  await expect(page.getByRole("status")).toHaveCount(0);

  const [message] = resetOutboxFor(serverDb, username);
  expect(message?.body).toContain(`Username: ${username}`);
  expect(message?.body).toContain("Password baru: ********");
  const newPassword = await newPasswordOnWhatsApp(server, `62${phone.slice(1)}`);

  // The new password works once used; then the old one is dead.
  await login(page, username, newPassword);
  await expect(page).toHaveURL(/\/operator\/dashboard$/);
  await page.context().clearCookies();
  await login(page, username, OLD_PASSWORD);
  await expect(page.getByRole("alert")).toHaveText("Login Gagal! username dan password salah");
});

test("lookups of one ID are throttled (5 per hour), with a 429 and a message", async ({ page }) => {
  const username = `dosenlimit${unique()}`;
  const nidn = uniqueNidn();
  await createUserViaUi(page, { username, name: "Dosen Batas", password: OLD_PASSWORD, no_hp: "081299990000", roles: ["Operator"], nidn });
  for (let i = 0; i < 5; i++) {
    await page.goto("/lupa-password");
    await page.getByLabel("NIDN/NUPTK").fill(nidn);
    await page.getByRole("button", { name: "RESET PASSWORD" }).click();
    await expect(page.getByTestId("nama-sdm")).toHaveText("Dosen Batas");
  }
  await page.goto("/lupa-password");
  await page.getByLabel("NIDN/NUPTK").fill(nidn);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes("/lupa-password") && r.request().method() === "POST"),
    page.getByRole("button", { name: "RESET PASSWORD" }).click(),
  ]);
  expect(response.status()).toBe(429);
  await expect(page.getByRole("alert")).toHaveText(/^Terlalu banyak permintaan\. Silakan coba lagi dalam \d+ menit\.$/);
  await expect(page.getByTestId("nama-sdm")).toHaveCount(0);
});
