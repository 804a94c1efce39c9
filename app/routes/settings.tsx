import { useState } from "react";
import { Form, useNavigation, useRouteLoaderData, useSearchParams } from "react-router";
import type { ShippingAddressView } from "../../worker/domain/shipping/addresses";
import { FormErrors } from "../components/FormErrors";
import {
  COUNTRIES,
  countryLabel,
  DEFAULT_COUNTRY,
  SHIPPING_LABELS,
  SHIPPING_LIMITS,
  SHIPPING_LOAD_FAILED,
  SHIPPING_SAVE_FAILED,
  SHIPPING_SAVED,
  SIGN_IN_FOR_SHIPPING,
} from "../kernel/schemas/shipping";
import { ACCENT_COLOURS } from "../kernel/theme";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/settings";

export { action, loader } from "./settings.server";

export function meta() {
  return [{ title: "Settings · Creator Platform" }];
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? (navigation.formData?.get("intent") ?? "theme") : null;
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  const { theme } = loaderData;
  const themeResult = actionData?.intent === "theme" ? actionData : null;
  return (
    <section className="card narrow">
      <h1>Settings</h1>
      <h2>Appearance</h2>
      <FormErrors error={themeResult && "error" in themeResult ? themeResult.error : null} />
      <Form method="post" className="form">
        <input type="hidden" name="intent" value="theme" />
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
        <button type="submit" className="button primary" disabled={submitting === "theme"}>
          {submitting === "theme" ? "Saving…" : "Save"}
        </button>
        {themeResult && "saved" in themeResult && <p role="status">Saved successfully.</p>}
      </Form>
      <h2>Shipping addresses</h2>
      {signedIn ? (
        <Shipping
          addresses={loaderData.shipping}
          actionData={actionData}
          submitting={submitting}
          deletingId={navigation.formData?.get("id")}
        />
      ) : (
        <p className="muted">{SIGN_IN_FOR_SHIPPING}</p>
      )}
    </section>
  );
}

function Shipping({
  addresses,
  actionData,
  submitting,
  deletingId,
}: {
  addresses: ShippingAddressView[] | null;
  actionData: Route.ComponentProps["actionData"];
  submitting: FormDataEntryValue | null;
  deletingId: FormDataEntryValue | null | undefined;
}) {
  // 'Saved successfully.' shows until the next edit: remember which result was edited after.
  const [editedAfter, setEditedAfter] = useState<unknown>(null);
  // Sent here to add an address (the auction's offer form); saving goes back there.
  const returnTo = useSearchParams()[0].get("returnTo");
  const saveResult = actionData?.intent === "shipping" ? actionData : null;
  const saveError = saveResult && "error" in saveResult ? saveResult.error : null;
  const savedId = saveResult && "savedId" in saveResult ? saveResult.savedId : null;
  // A new key after each save remounts the form, which resets it; other results keep what was typed.
  const [formKey, setFormKey] = useState(savedId ?? "shipping");
  if (savedId && savedId !== formKey) setFormKey(savedId);
  const values: Record<string, string> = (saveResult && "values" in saveResult && saveResult.values) || {};
  const deleteResult = actionData?.intent === "delete-shipping" ? actionData : null;
  const saving = submitting === "shipping";

  const text = (name: Exclude<keyof typeof SHIPPING_LIMITS, "phone">, autoComplete: string) => (
    <label>
      {SHIPPING_LABELS[name]}
      <input name={name} maxLength={SHIPPING_LIMITS[name]} autoComplete={autoComplete} defaultValue={values[name]} />
    </label>
  );

  return (
    <>
      <FormErrors error={saveError} heading={saveError?.code === "invalid" ? undefined : SHIPPING_SAVE_FAILED} />
      {returnTo?.startsWith("/bidgallery") && (
        <p className="empty-state" role="note">
          Add a shipping address to make your offer. Once it is saved you go back to the auction, with your amount kept.
        </p>
      )}
      <Form method="post" className="form" noValidate key={formKey} onChange={() => setEditedAfter(actionData)}>
        <input type="hidden" name="intent" value="shipping" />
        {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
        {text("recipientName", "name")}
        <label>
          {SHIPPING_LABELS.phone}
          <input
            name="phone"
            type="tel"
            maxLength={SHIPPING_LIMITS.phone}
            autoComplete="tel"
            defaultValue={values.phone}
          />
        </label>
        {text("streetAddress", "street-address")}
        {text("city", "address-level2")}
        {text("state", "address-level1")}
        {text("zipCode", "postal-code")}
        <label>
          {SHIPPING_LABELS.country}
          <select name="country" defaultValue={DEFAULT_COUNTRY} autoComplete="country">
            {COUNTRIES.map((country) => (
              <option key={country.value} value={country.value}>
                {country.label}
              </option>
            ))}
          </select>
        </label>
        {text("neighborhood", "off")}
        {text("landmark", "off")}
        <button type="submit" className="button primary" disabled={saving}>
          {saving ? "Saving…" : "Save"}
        </button>
        {savedId && editedAfter !== actionData && <p role="status">{SHIPPING_SAVED}</p>}
      </Form>

      <h3>Saved addresses</h3>
      <FormErrors
        error={deleteResult && "error" in deleteResult ? deleteResult.error : null}
        heading="Could not delete the address."
      />
      {addresses === null ? (
        <p className="error" role="alert">
          {SHIPPING_LOAD_FAILED}
        </p>
      ) : addresses.length === 0 ? (
        <p className="empty-state">No saved addresses yet.</p>
      ) : (
        <ul className="addresses">
          {addresses.map((address) => (
            <li key={address.id}>
              <p>
                <strong>{address.recipientName}</strong>
                {address.phone && <> · {address.phone}</>}
                <br />
                {address.streetAddress}
                {address.neighborhood && <>, {address.neighborhood}</>}
                <br />
                {`${address.city}, ${address.state} ${address.zipCode}, ${countryLabel(address.country)}`}
                {address.landmark && (
                  <>
                    <br />
                    <span className="muted">Landmark: {address.landmark}</span>
                  </>
                )}
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="delete-shipping" />
                <input type="hidden" name="id" value={address.id} />
                <button
                  type="submit"
                  className="button"
                  disabled={submitting === "delete-shipping" && deletingId === address.id}
                >
                  {submitting === "delete-shipping" && deletingId === address.id ? "Deleting…" : "Delete"}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
