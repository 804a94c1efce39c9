import { useState } from "react";
import { Form, useNavigation, useRouteLoaderData, useSearchParams } from "react-router";
import type { ShippingAddressView } from "../../../../worker/domain/shipping/addresses";
import { FormErrors, useFieldErrors } from "../../../components/FormErrors";
import { Button, buttonClass, Field, FieldError, Input, Outcome, Segmented, Select } from "../../../components/ui";
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
import { ACCENT_COLOURS, DEFAULT_THEME, isDefaultAccent } from "../../../kernel/theme";
import type { loader as rootLoader } from "../../../root";
import styles from "../components/settings.module.css";
import type { Route } from "./+types/settings";

export { action, loader } from "./settings.server";

export function meta() {
  return [{ title: "Settings · Creator Platform" }];
}

/** A name for each of the seed's accent colours, so a swatch is read as more than a hex value. */
const COLOUR_NAMES: Record<string, string> = {
  "#FF6900": "Orange",
  "#FCB900": "Amber",
  "#964B00": "Brown",
  "#8ED1FC": "Sky blue",
  "#6fb31b": "Green",
  "#0693E3": "Blue",
  "#ffffff": "White",
  "#0047AB": "Cobalt",
};

/** The font sizes the theme allows (75 to 150 percent, in steps of 5), as a select. */
/** "#FFF" (the seed's default) and "#ffffff" are one colour: compare them in one spelling. */
function sameColour(a: string, b: string) {
  const long = (hex: string) =>
    (/^#[0-9a-f]{3}$/i.test(hex) ? `#${[...hex.slice(1)].map((c) => c + c).join("")}` : hex).toLowerCase();
  return long(a) === long(b);
}

const FONT_SIZES = Array.from({ length: 16 }, (_, i) => 75 + i * 5);
function fontSizeLabel(percent: number) {
  if (percent === 100) return "Default (100%)";
  return `${percent < 100 ? "Smaller" : "Larger"} (${percent}%)`;
}

/** One settings section: its heading and what it is for on the left, its controls on the right. */
function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.intro}>
        <h2 id={id}>{title}</h2>
        <p className={styles.muted}>{description}</p>
      </div>
      <div className={styles.body}>{children}</div>
    </section>
  );
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? (navigation.formData?.get("intent") ?? "theme") : null;
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  const { theme } = loaderData;
  const themeResult = actionData?.intent === "theme" ? actionData : null;
  const themeFields = useFieldErrors(themeResult && "error" in themeResult ? themeResult.error : null, "theme");
  const fontSizes = FONT_SIZES.includes(theme.fontPercentage) ? FONT_SIZES : [...FONT_SIZES, theme.fontPercentage];
  return (
    <div className={styles.page}>
      <h1>Settings</h1>
      <SettingsSection
        id="appearance"
        title="Appearance"
        description="How the platform looks to you: light or dark, the size of its text and its accent colour."
      >
        <FormErrors error={themeFields.summary} fieldId={themeFields.id} />
        <Form method="post" className={styles.form} onChange={themeFields.onChange}>
          <input type="hidden" name="intent" value="theme" />
          <Segmented
            id={themeFields.id("colorScheme")}
            name="colorScheme"
            legend="Dark mode"
            hint="System follows your device's light or dark setting."
            defaultValue={"followsSystem" in theme ? "system" : theme.isDarkMode ? "dark" : "light"}
            options={[
              { value: "system", label: "System" },
              { value: "light", label: "Light" },
              { value: "dark", label: "Dark" },
            ]}
            error={themeFields.error("colorScheme")}
          />
          <Field label="Font size (percent)" error={themeFields.error("fontPercentage")} className={styles.short}>
            <Select
              id={themeFields.id("fontPercentage")}
              name="fontPercentage"
              defaultValue={String(theme.fontPercentage)}
              options={fontSizes.map((percent) => ({ value: String(percent), label: fontSizeLabel(percent) }))}
            />
          </Field>
          <fieldset
            className={styles.swatches}
            id={themeFields.id("accentColor")}
            aria-describedby={themeFields.error("accentColor") ? themeFields.id("accentColor-error") : undefined}
          >
            <legend>Accent colour</legend>
            <p className={styles.muted}>Purple is the platform's own, and the default.</p>
            {/* First, the brand's own purple: the seed's default #FFF, which means "no colour of mine". */}
            <label className={`${styles.swatch} ${styles.brandSwatch}`}>
              <span className={styles.swatchDisc}>
                <input
                  type="radio"
                  name="accentColor"
                  value={DEFAULT_THEME.accentColor}
                  defaultChecked={isDefaultAccent(theme)}
                />
              </span>
              <span className={styles.swatchName}>Purple</span>
            </label>
            {ACCENT_COLOURS.map((colour) => (
              <label key={colour} className={styles.swatch} style={{ "--swatch": colour } as React.CSSProperties}>
                <span className={styles.swatchDisc}>
                  <input
                    type="radio"
                    name="accentColor"
                    value={colour}
                    defaultChecked={!isDefaultAccent(theme) && sameColour(theme.accentColor, colour)}
                  />
                </span>
                {/* The colour's name under its disc: seen, and the radio's accessible name. */}
                <span className={styles.swatchName}>{COLOUR_NAMES[colour] ?? colour}</span>
              </label>
            ))}
          </fieldset>
          {themeFields.error("accentColor") && (
            <FieldError id={themeFields.id("accentColor-error")}>{themeFields.error("accentColor")}</FieldError>
          )}
          <div className={styles.footer}>
            {themeResult && "saved" in themeResult && <p role="status">Saved successfully.</p>}
            <Button type="submit" variant="primary" busy={submitting === "theme"} busyLabel="Saving…">
              Save
            </Button>
          </div>
        </Form>
      </SettingsSection>
      <SettingsSection
        id="shipping"
        title="Shipping addresses"
        description="Where the things you win at auction are sent. You need one to make an offer."
      >
        {signedIn ? (
          <Shipping
            addresses={loaderData.shipping}
            actionData={actionData}
            submitting={submitting}
            deletingId={navigation.formData?.get("id")}
          />
        ) : (
          <p className={styles.muted}>{SIGN_IN_FOR_SHIPPING}</p>
        )}
      </SettingsSection>
    </div>
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

  const hasAddresses = Boolean(addresses?.length);
  // The form is open when no address is saved, when it has something to show (an error, what was
  // typed) or when the auction sent the member here; otherwise 'Add an address' opens it.
  const formOpen = !hasAddresses || Boolean(saveError) || Boolean(returnTo);
  const form = (
    <Form
      method="post"
      className={styles.form}
      noValidate
      onChange={(event) => {
        setEditedAfter(actionData);
        fields.onChange(event);
      }}
    >
      <input type="hidden" name="intent" value="shipping" />
      {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
      <div className={styles.grid}>
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
        <div className={styles.wide}>{text("streetAddress", "street-address")}</div>
        {text("neighborhood", "off")}
        {text("landmark", "off")}
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
      </div>
      <div className={styles.footer}>
        <Button type="submit" variant="primary" busy={saving} busyLabel="Saving…">
          Save
        </Button>
      </div>
    </Form>
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
      {savedId && editedAfter !== actionData && <p role="status">{SHIPPING_SAVED}</p>}
      <h3 className="visually-hidden">Saved addresses</h3>
      <FormErrors
        error={deleteResult && "error" in deleteResult ? deleteResult.error : null}
        heading="Could not delete the address."
      />
      {addresses === null ? (
        <Outcome message={{ ok: false, text: SHIPPING_LOAD_FAILED }} />
      ) : addresses.length === 0 ? null : (
        <ul className={styles.addresses}>
          {addresses.map((address) => (
            <li key={address.id} className={styles.address}>
              <address>
                <strong>{address.recipientName}</strong>
                <br />
                {address.streetAddress}
                {address.neighborhood && <>, {address.neighborhood}</>}
                <br />
                {`${address.city}, ${address.state} ${address.zipCode}`}
                <br />
                {countryLabel(address.country)}
                {address.phone && (
                  <>
                    <br />
                    <span className={styles.muted}>{address.phone}</span>
                  </>
                )}
                {address.landmark && (
                  <>
                    <br />
                    <span className={styles.muted}>Landmark: {address.landmark}</span>
                  </>
                )}
              </address>
              <Form method="post">
                <input type="hidden" name="intent" value="delete-shipping" />
                <input type="hidden" name="id" value={address.id} />
                <Button
                  type="submit"
                  size="sm"
                  busy={submitting === "delete-shipping" && deletingId === address.id}
                  busyLabel="Deleting…"
                  aria-label={`Delete the address of ${address.recipientName}`}
                >
                  Delete
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {hasAddresses ? (
        <details className={styles.disclosure} open={formOpen || undefined} key={formKey}>
          <summary className={buttonClass("secondary", "sm")}>Add an address</summary>
          {form}
        </details>
      ) : (
        <div key={formKey}>{form}</div>
      )}
    </>
  );
}
