import { useState } from "react";
import { Form, useNavigation, useRouteLoaderData, useSearchParams } from "react-router";
import type { ShippingAddressView } from "../../../../worker/domain/shipping/addresses";
import { FormErrors, useFieldErrors } from "../../../components/FormErrors";
import { Checkbox, Field, FieldError, Input, Outcome, Select } from "../../../components/ui";
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
} from "../../../kernel/schemas/shipping";
import { ACCENT_COLOURS } from "../../../kernel/theme";
import { useDeviceDark } from "../../../lib/color-scheme";
import type { loader as rootLoader } from "../../../root";
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
  // With no choice saved the page follows the device: the box shows what is on screen, so saving keeps it.
  const deviceDark = useDeviceDark();
  const themeResult = actionData?.intent === "theme" ? actionData : null;
  const themeFields = useFieldErrors(themeResult && "error" in themeResult ? themeResult.error : null, "theme");
  return (
    <section className="card narrow">
      <h1>Settings</h1>
      <h2>Appearance</h2>
      <FormErrors error={themeFields.summary} fieldId={themeFields.id} />
      <Form method="post" className="form" onChange={themeFields.onChange}>
        <input type="hidden" name="intent" value="theme" />
        <fieldset
          className="swatches"
          id={themeFields.id("accentColor")}
          aria-describedby={themeFields.error("accentColor") ? themeFields.id("accentColor-error") : undefined}
        >
          <legend>Accent colour</legend>
          {ACCENT_COLOURS.map((colour) => (
            <label key={colour} className="swatch" style={{ "--swatch": colour } as React.CSSProperties}>
              <input type="radio" name="accentColor" value={colour} defaultChecked={theme.accentColor === colour} />
              <span className="visually-hidden">{colour}</span>
            </label>
          ))}
        </fieldset>
        {themeFields.error("accentColor") && (
          <FieldError id={themeFields.id("accentColor-error")}>{themeFields.error("accentColor")}</FieldError>
        )}
        <Field label="Font size (percent)" error={themeFields.error("fontPercentage")}>
          <Input
            id={themeFields.id("fontPercentage")}
            name="fontPercentage"
            type="number"
            min={75}
            max={150}
            step={5}
            defaultValue={theme.fontPercentage}
          />
        </Field>
        <Checkbox
          // Drawn again once the device's answer is known (a box's state is set once, when it is drawn).
          key={String(deviceDark)}
          id={themeFields.id("isDarkMode")}
          name="isDarkMode"
          defaultChecked={"followsSystem" in theme ? deviceDark : theme.isDarkMode}
          label="Dark mode"
          error={themeFields.error("isDarkMode")}
        />
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
  const fields = useFieldErrors(saveError, "shipping");

  const text = (name: Exclude<keyof typeof SHIPPING_LIMITS, "phone">, autoComplete: string) => (
    <Field label={SHIPPING_LABELS[name]} error={fields.error(name)}>
      <Input
        id={fields.id(name)}
        name={name}
        maxLength={SHIPPING_LIMITS[name]}
        autoComplete={autoComplete}
        defaultValue={values[name]}
      />
    </Field>
  );

  return (
    <>
      <FormErrors
        error={fields.summary}
        fieldId={fields.id}
        heading={saveError?.code === "invalid" ? undefined : SHIPPING_SAVE_FAILED}
      />
      {returnTo?.startsWith("/bidgallery") && (
        <p className="empty-state" role="note">
          Add a shipping address to make your offer. Once it is saved you go back to the auction, with your amount kept.
        </p>
      )}
      <Form
        method="post"
        className="form"
        noValidate
        key={formKey}
        onChange={(event) => {
          setEditedAfter(actionData);
          fields.onChange(event);
        }}
      >
        <input type="hidden" name="intent" value="shipping" />
        {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
        {text("recipientName", "name")}
        <Field label={SHIPPING_LABELS.phone} error={fields.error("phone")}>
          <Input
            id={fields.id("phone")}
            name="phone"
            type="tel"
            maxLength={SHIPPING_LIMITS.phone}
            autoComplete="tel"
            defaultValue={values.phone}
          />
        </Field>
        {text("streetAddress", "street-address")}
        {text("city", "address-level2")}
        {text("state", "address-level1")}
        {text("zipCode", "postal-code")}
        <Field label={SHIPPING_LABELS.country} error={fields.error("country")}>
          <Select
            id={fields.id("country")}
            name="country"
            defaultValue={values.country ?? DEFAULT_COUNTRY}
            autoComplete="country"
            options={COUNTRIES.map((country) => ({ value: country.value, label: country.label }))}
          />
        </Field>
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
        <Outcome message={{ ok: false, text: SHIPPING_LOAD_FAILED }} />
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
