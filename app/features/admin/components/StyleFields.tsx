// A popup style edited as the allow-listed properties (colour, background, size,
// weight, style, alignment), kept as the seed's inline-style string of 'name:value;' pairs.
// Compact: the two colours as swatches (with their typed value) in one row, the four choices as
// small selects side by side.
import { useId } from "react";
import { Button, Input, Select } from "../../../components/ui";

export const STYLE_FIELDS = [
  { property: "color", label: "Colour", kind: "colour" },
  { property: "background-color", label: "Background", kind: "colour" },
  {
    property: "font-size",
    label: "Size",
    kind: "choice",
    options: ["12px", "14px", "16px", "18px", "20px", "24px", "28px", "32px", "40px"],
  },
  { property: "font-weight", label: "Weight", kind: "choice", options: ["400", "500", "600", "700", "800"] },
  { property: "font-style", label: "Style", kind: "choice", options: ["normal", "italic"] },
  { property: "text-align", label: "Alignment", kind: "choice", options: ["left", "center", "right"] },
] as const;

export type StyleValues = Partial<Record<(typeof STYLE_FIELDS)[number]["property"], string>>;

/** The inline-style string of the set values, in a fixed order. */
export function styleString(values: StyleValues): string {
  return STYLE_FIELDS.map(({ property }) => [property, values[property]?.trim()] as const)
    .filter(([, value]) => value)
    .map(([property, value]) => `${property}:${value};`)
    .join("");
}

/** The editor's values of a saved style string (the properties it does not edit are dropped). */
export function parseStyle(inline: string): StyleValues {
  const values: StyleValues = {};
  for (const declaration of inline.split(";")) {
    const at = declaration.indexOf(":");
    if (at < 0) continue;
    const property = declaration.slice(0, at).trim().toLowerCase();
    const field = STYLE_FIELDS.find((f) => f.property === property);
    if (field) values[field.property] = declaration.slice(at + 1).trim();
  }
  return values;
}

const HEX = /^#[0-9a-f]{6}$/i;

export function StyleFields({
  legend,
  values,
  onChange,
}: {
  legend: string;
  values: StyleValues;
  onChange: (values: StyleValues) => void;
}) {
  const id = useId();
  const set = (property: keyof StyleValues, value: string) => onChange({ ...values, [property]: value });
  const of = legend.toLowerCase();
  return (
    <fieldset className="style-fields">
      <legend>{legend}</legend>
      <div className="style-colours">
        {STYLE_FIELDS.filter((field) => field.kind === "colour").map((field) => {
          const inputId = `${id}-${field.property}`;
          const value = values[field.property] ?? "";
          return (
            <div key={field.property} className="style-field">
              <label htmlFor={inputId}>{field.label}</label>
              <span className="colour-input">
                <Input
                  id={inputId}
                  type="color"
                  className="swatch"
                  value={HEX.test(value) ? value.toLowerCase() : "#000000"}
                  data-unset={value === "" || undefined}
                  onChange={(event) => set(field.property, event.target.value)}
                />
                <Input
                  type="text"
                  aria-label={`${field.label} of ${of}, as typed`}
                  value={value}
                  placeholder="Default"
                  maxLength={100}
                  spellCheck={false}
                  onChange={(event) => set(field.property, event.target.value)}
                />
                {/* A colour input cannot be emptied: this puts the field back to the card's default. */}
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={value === ""}
                  aria-label={`Clear ${field.label.toLowerCase()} of ${of}`}
                  onClick={() => set(field.property, "")}
                >
                  Clear
                </Button>
              </span>
            </div>
          );
        })}
      </div>
      <div className="style-choices">
        {STYLE_FIELDS.map((field) => {
          if (field.kind !== "choice") return null;
          const inputId = `${id}-${field.property}`;
          return (
            <div key={field.property} className="style-field">
              <label htmlFor={inputId}>{field.label}</label>
              <Select
                id={inputId}
                value={values[field.property] ?? ""}
                onChange={(event) => set(field.property, event.target.value)}
              >
                <option value="">Default</option>
                {field.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </Select>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
