// A popup style edited as the allow-listed properties (colour, background, size,
// weight, style, alignment), kept as the seed's inline-style string of 'name:value;' pairs.
import { useId } from "react";
import { Button } from "../../../components/ui";

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
  return (
    <fieldset className="style-fields">
      <legend>{legend}</legend>
      {STYLE_FIELDS.map((field) => {
        const inputId = `${id}-${field.property}`;
        const value = values[field.property] ?? "";
        return (
          <div key={field.property} className="style-field">
            <label htmlFor={inputId}>{field.label}</label>
            {field.kind === "colour" ? (
              <span className="colour-input">
                <input
                  id={inputId}
                  type="text"
                  value={value}
                  placeholder="e.g. #0047AB"
                  maxLength={100}
                  onChange={(event) => set(field.property, event.target.value)}
                />
                <input
                  type="color"
                  aria-label={`Pick ${field.label.toLowerCase()} for ${legend.toLowerCase()}`}
                  value={HEX.test(value) ? value : "#000000"}
                  onChange={(event) => set(field.property, event.target.value)}
                />
                {/* A colour input cannot be emptied: this puts the field back to the card's default. */}
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={value === ""}
                  aria-label={`Clear ${field.label.toLowerCase()} of ${legend.toLowerCase()}`}
                  onClick={() => set(field.property, "")}
                >
                  Clear
                </Button>
              </span>
            ) : (
              <select id={inputId} value={value} onChange={(event) => set(field.property, event.target.value)}>
                <option value="">Default</option>
                {field.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
