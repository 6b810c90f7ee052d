// The shared parts of the login steps: the dialog frame the browser tests find (login-modal with
// data-mode, the close button, the title), a field's message, and the form's end (server error,
// submit button with its test id, disabled while busy).
import { act } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { ApiError } from "../../api/client";
import { testRoot } from "../../test/root";
import { FieldError, StepForm, useStepForm } from "./LoginDialog";
import styles from "./LoginModal.module.css";

const { render, q, all } = testRoot();

beforeAll(async () => {
  await initI18n("en_US");
});

function renderStep(props: { serverError: string | null; busy: boolean; onClose: () => void; onSubmit: () => void }) {
  return render(
    <StepForm
        mode="bind"
        title="Bind an e-mail"
        hint="Prove an address"
        onClose={props.onClose}
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
        serverError={props.serverError}
        busy={props.busy}
        submitTestId="bind-submit"
        submitLabel="Bind"
      >
        <input data-testid="bind-email" />
        <FieldError invalid="email" />
        <FieldError invalid={undefined} />
      </StepForm>,
  );
}

describe("StepForm", () => {
  it("frames the fields in the login dialog and submits through the form", async () => {
    const onClose = vi.fn();
    const onSubmit = vi.fn();
    await renderStep({ serverError: null, busy: false, onClose, onSubmit });
    const dialog = q('[data-testid="login-modal"]')!;
    expect(dialog.getAttribute("role")).toBe("dialog");
    expect(dialog.getAttribute("data-mode")).toBe("bind");
    expect(q("#login-title")?.textContent).toBe("Bind an e-mail");
    expect(q(`.${styles.loginHint}`)?.textContent).toBe("Prove an address");
    expect(q(`form.${styles.loginForm} [data-testid="bind-email"]`)).not.toBeNull();
    // One message for the refused field, none for the valid one.
    expect(all(`.${styles.loginInvalid}`)).toHaveLength(1);
    expect(q('[data-testid="login-error"]')).toBeNull();
    const submit = q<HTMLButtonElement>('[data-testid="bind-submit"]')!;
    expect(submit.textContent).toBe("Bind");
    expect(submit.disabled).toBe(false);
    await act(async () => submit.click());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await act(async () => q<HTMLButtonElement>(`.${styles.loginClose}`)!.click());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the server's error above a disabled submit while busy", async () => {
    await renderStep({ serverError: "Code expired", busy: true, onClose: () => undefined, onSubmit: () => undefined });
    expect(q('[data-testid="login-error"]')?.textContent).toBe("Code expired");
    expect(q('[data-testid="login-error"]')!.nextElementSibling).toBe(q('[data-testid="bind-submit"]'));
    expect(q<HTMLButtonElement>('[data-testid="bind-submit"]')!.disabled).toBe(true);
  });
});

describe("FieldError", () => {
  it("says why the field was refused, with the test id given", async () => {
    await render(<FieldError invalid="required" testId="login-invalid-code" />);
    const el = q('[data-testid="login-invalid-code"]')!;
    expect(el.getAttribute("role")).toBe("alert");
    expect(el.className).toBe(styles.loginInvalid);
    expect(el.textContent).not.toBe("");
    expect(el.textContent).not.toContain("login.invalid");
  });
});

/** A one-field step whose call is given by the test. */
function NameStep({ name, call }: { name: string; call: () => Promise<void> }) {
  const { invalid, serverError, busy, submit } = useStepForm<"name">();
  return (
    <StepForm
      mode="test"
      title="Name"
      hint="Pick a name"
      onClose={() => undefined}
      onSubmit={submit(() => ({ name: name ? undefined : "required" }), call)}
      serverError={serverError}
      busy={busy}
      submitTestId="name-submit"
      submitLabel="Save"
    >
      <FieldError invalid={invalid.name} testId="name-invalid" />
    </StepForm>
  );
}

describe("useStepForm", () => {
  it("shows why a field was refused and does not call the server", async () => {
    const call = vi.fn(async () => undefined);
    await render(<NameStep name="" call={call} />);
    await act(async () => q<HTMLButtonElement>('[data-testid="name-submit"]')!.click());
    expect(q('[data-testid="name-invalid"]')).not.toBeNull();
    expect(call).not.toHaveBeenCalled();
  });

  it("runs the call once the fields pass and shows the server's refusal inline", async () => {
    const call = vi.fn(async () => {
      throw new ApiError({ kind: "refused", userMessage: "Name taken" });
    });
    await render(<NameStep name="fan" call={call} />);
    await act(async () => q<HTMLButtonElement>('[data-testid="name-submit"]')!.click());
    expect(call).toHaveBeenCalledTimes(1);
    expect(q('[data-testid="name-invalid"]')).toBeNull();
    expect(q('[data-testid="login-error"]')?.textContent).toBe("Name taken");
    expect(q<HTMLButtonElement>('[data-testid="name-submit"]')!.disabled).toBe(false);
  });
});
