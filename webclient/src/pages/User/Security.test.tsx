import { act } from "react";
import { StateProvider } from "../../state/hooks";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Security } from "./Security";
import { initI18n } from "../../i18n";
import type { AccountUser } from "../../api/account";
import { maskEmail, maskPhone, nationalNumber } from "./mask";
import { testRoot } from "../../test/root";

const { root, host } = testRoot();
const q = <T extends Element>(id: string) => host().querySelector<T>(`[data-testid="${id}"]`);
function typeInto(el: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(el, value);
  el.dispatchEvent(new Event("input", { bubbles: true }));
}

function server(answers: Record<string, unknown>) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit) => {
      const path = new URL(input, "http://t").pathname.replace(/^\/java/, "");
      calls.push({ path, body: init.body ? JSON.parse(init.body as string) : undefined });
      const a = answers[path] ?? { status: "success", result: [] };
      return new Response(JSON.stringify(a), { status: 200 });
    }),
  );
  return calls;
}

const phoneOnly: AccountUser = { userId: "u8", uid: "u8", name: "fan8", private: true, areaCode: "852", phone: "+85291234567", hasPassword: true };

beforeAll(async () => {
  await initI18n("en_US");
});
afterEach(async () => {
  vi.unstubAllGlobals();
});

async function render(user: AccountUser) {
  await act(async () =>
    root().render(
      <StateProvider>
        <MemoryRouter>
          <Security user={user} />
        </MemoryRouter>
      </StateProvider>,
    ),
  );
}

describe("Security centre", () => {
  it("changes the password with a code sent to the account's own phone", async () => {
    const calls = server({
      "/login/V2/sendMobilecheckCode": { status: "success", result: { sent: true } },
      "/user/V2/mobileOrNameToChangePass": { status: "success", result: { changed: true } },
    });
    await render(phoneOnly);
    expect(q("sec-phone")?.textContent).toBe("+852 912****4567");
    expect(q("sec-email")?.textContent).toBe("Not bound");
    await act(async () => q<HTMLButtonElement>("sec-password-edit")!.click());
    await act(async () => q<HTMLButtonElement>("password-send-code")!.click());
    await vi.waitFor(() => expect(q("password-send-code")?.textContent).toBe("Resend in 60 s"));
    expect(calls.find((c) => c.path === "/login/V2/sendMobilecheckCode")?.body).toEqual({ areaCode: "852", mobileOrEmail: "91234567" });

    await act(async () => {
      typeInto(q<HTMLInputElement>("password-code")!, "123456");
      typeInto(q<HTMLInputElement>("password-new")!, "abcd1234");
      typeInto(q<HTMLInputElement>("password-confirm")!, "abcd12345");
    });
    await act(async () => q<HTMLButtonElement>("password-submit")!.click());
    expect(host().textContent).toContain("The two passwords do not match");
    expect(calls.some((c) => c.path === "/user/V2/mobileOrNameToChangePass")).toBe(false);

    await act(async () => typeInto(q<HTMLInputElement>("password-confirm")!, "abcd1234"));
    await act(async () => q<HTMLButtonElement>("password-submit")!.click());
    await vi.waitFor(() => expect(q("security-done")?.textContent).toBe("Password changed. Other devices have been logged out."));
    expect(calls.find((c) => c.path === "/user/V2/mobileOrNameToChangePass")?.body).toEqual({
      mobileOrEmail: "91234567",
      areaCode: "852",
      type: 2,
      checkCode: "123456",
      password: "abcd1234",
    });
  });

  it("shows the server's refusal inline when binding an e-mail that belongs to someone else", async () => {
    const calls = server({
      "/login/V2/sendEmailcheckCode": { status: "success", result: { sent: true } },
      "/user/V2/mobileOrNameToChange": { status: "fail", errorCode: 2008, errorMsg: "Already bound to another account" },
    });
    await render(phoneOnly);
    await act(async () => q<HTMLButtonElement>("sec-email-edit")!.click());
    await act(async () => {
      typeInto(q<HTMLInputElement>("contact-to")!, "taken@example.com");
      typeInto(q<HTMLInputElement>("contact-code")!, "654321");
    });
    await act(async () => q<HTMLButtonElement>("contact-submit")!.click());
    await vi.waitFor(() => expect(q("contact-error")?.textContent).toBe("Already bound to another account"));
    expect(calls.find((c) => c.path === "/user/V2/mobileOrNameToChange")?.body).toEqual({
      type: 1,
      mobileOrEmail: "taken@example.com",
      checkCode: "654321",
    });
    expect(q("sec-email")?.textContent).toBe("Not bound");
  });
});

describe("masks", () => {
  it("hide the middle of phones and e-mails", () => {
    expect(maskPhone("+8613812345678", "86")).toBe("+86 138****5678");
    expect(nationalNumber("+8613812345678", "86")).toBe("13812345678");
    expect(maskEmail("fan2026@example.com")).toBe("fa***@example.com");
  });
});
