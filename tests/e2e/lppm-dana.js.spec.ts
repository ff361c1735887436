/**
 * Pembayaran Dana and /penelitian with JavaScript on (toasts, client navigation). See ./lppm-dana-flow.ts.
 */
import { OWN_SERVER, test } from "./fixtures";
import { danaFlow } from "./lppm-dana-flow";

test.use(OWN_SERVER);

test("tranche 2 is refused before the progress report is accepted and recorded after; /penelitian lists the project", async ({ page, serverDb }) => {
  await danaFlow(page, serverDb);
});
