import { data, Form, useNavigation } from "react-router";
import { readCookie, serializeCookie } from "../../worker/http/cookies";
import { parse } from "../../worker/domain/validation";
import type { Route } from "./+types/settings";
import { FormErrors } from "../components/FormErrors";
import { requireUser } from "../lib/auth.server";
import { formAction, formFields } from "../lib/forms.server";
import { ACCENT_COLOURS, parseTheme, THEME_COOKIE, themeSchema } from "../lib/theme";

export function meta() {
  return [{ title: "Settings · Creator Platform" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  return { theme: parseTheme(readCookie(request, THEME_COOKIE)) };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireUser(context, request);
  const fields = formFields(await request.formData());
  return formAction(async () => {
    const theme = parse(themeSchema, { ...fields, isDarkMode: fields.isDarkMode === "on" });
    const year = 365 * 24 * 60 * 60;
    return data(
      { saved: true as const },
      { headers: { "set-cookie": serializeCookie(request, THEME_COOKIE, JSON.stringify(theme), { maxAgeSeconds: year }) } },
    );
  });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { theme } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <section className="card narrow">
      <h1>Settings</h1>
      <h2>Appearance</h2>
      <FormErrors error={error} />
      <Form method="post" className="form">
        <fieldset className="swatches">
          <legend>Accent colour</legend>
          {ACCENT_COLOURS.map((colour) => (
            <label key={colour} className="swatch" style={{ "--swatch": colour } as React.CSSProperties}>
              <input type="radio" name="accentColor" value={colour} defaultChecked={theme.accentColor === colour} />
              <span className="visually-hidden">{colour}</span>
            </label>
          ))}
        </fieldset>
        <label>
          Font size (percent)
          <input name="fontPercentage" type="number" min={75} max={150} step={5} defaultValue={theme.fontPercentage} />
        </label>
        <label className="inline">
          <input name="isDarkMode" type="checkbox" defaultChecked={theme.isDarkMode} /> Dark mode
        </label>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? "Saving…" : "Save"}
        </button>
        {actionData && "saved" in actionData && <p role="status">Saved successfully.</p>}
      </Form>
      <h2>Shipping addresses</h2>
      <p className="muted">Shipping addresses are coming soon.</p>
    </section>
  );
}
