import { describe, expect, it } from "vitest";
import { redirect } from "react-router";
import {
  CHANGE_PASSWORD_NO_RESPONSE,
  CHANGE_PASSWORD_SERVER_ERROR,
  changePasswordClientAction,
} from "~/components/area/change-password";

/** What React Router's data() returns: { type, data, init }. */
type Answer = { data: { intent: string; message?: string; network?: boolean }; init: { status: number } };

/** An error answer as React Router hands it over (ErrorResponse). */
function errorResponse(status: number, data: unknown) {
  return { status, statusText: "", internal: false, data };
}

describe("changePasswordClientAction (spec section 8)", () => {
  it("passes the server action's answer through", async () => {
    const answer = { ok: true, error: null };
    expect(await changePasswordClientAction(async () => answer)).toBe(answer);
  });

  it("no response (fetch rejects with a TypeError): the toast case, with an error status so nothing reloads", async () => {
    const result = (await changePasswordClientAction(async () => {
      throw new TypeError("Failed to fetch");
    })) as unknown as Answer;
    expect(result.data).toEqual({ intent: "ubah-password", result: {}, network: true });
    expect(result.init.status).toBeGreaterThanOrEqual(400);
    expect(CHANGE_PASSWORD_NO_RESPONSE).toBe("Gagal update password");
  });

  it("an error answer: its message for the red alert, else 'Terjadi kesalahan'", async () => {
    const fail = (error: unknown) => changePasswordClientAction(async () => Promise.reject(error)) as unknown as Promise<Answer>;
    expect((await fail(errorResponse(413, { message: "Data terlalu besar." }))).data.message).toBe("Data terlalu besar.");
    expect((await fail(errorResponse(413, '{"message":"Data terlalu besar."}'))).init.status).toBe(413);
    expect((await fail(errorResponse(502, "<html>Bad Gateway</html>"))).data.message).toBe(CHANGE_PASSWORD_SERVER_ERROR);
    const crashed = await fail(new Error("Unexpected Server Error"));
    expect(crashed.data).toEqual({ intent: "ubah-password", result: {}, message: "Terjadi kesalahan" });
    expect(crashed.init.status).toBe(500);
  });

  it("a redirect (the session ended) goes through", async () => {
    const to = redirect("/login");
    await expect(changePasswordClientAction(async () => Promise.reject(to))).rejects.toBe(to);
  });
});
