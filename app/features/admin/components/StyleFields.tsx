// A popup style edited as the allow-listed properties (colour, background, size,
// weight, style, alignment), kept as the seed's inline-style string of 'name:value;' pairs.
// Compact: the two colours (ColourField) in one row, the four choices as small selects side by side;
// above the fold, presets that fill both styles in one click.
import { useId } from "react";
import { Button, Select } from "../../../components/ui";
import { ColourField } from "./ColourField";

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
        {STYLE_FIELDS.filter((field) => field.kind === "colour").map((field) => (
          <ColourField
            key={field.property}
            label={field.label}
            of={of}
            value={values[field.property] ?? ""}
            onChange={(value) => set(field.property, value)}
          />
        ))}
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

export interface StylePreset {
  name: string;
  hint: string;
  header: StyleValues;
  paragraph: StyleValues;
}

/**
 * Whole looks for the card. "Brand" leaves the colours unset so the card keeps the theme's brand
 * tokens in light and dark; the others set colour and background together, so text stays readable
 * on either theme's card.
 */
export const STYLE_PRESETS: readonly StylePreset[] = [
  {
    name: "Brand",
    hint: "The site's own colours",
    header: { "font-size": "24px", "font-weight": "700", "text-align": "left" },
    paragraph: { "font-size": "16px" },
  },
  {
    name: "Dark",
    hint: "Light text on ink",
    header: {
      color: "#ffffff",
      "background-color": "#1e1633",
      "font-size": "24px",
      "font-weight": "700",
      "text-align": "left",
    },
    paragraph: { color: "#ede9fe", "background-color": "#1e1633", "font-size": "16px" },
  },
  {
    name: "Minimal",
    hint: "Small and quiet",
    header: { "font-size": "18px", "font-weight": "600", "text-align": "left" },
    paragraph: { "font-size": "14px" },
  },
  {
    name: "Bold",
    hint: "Big, centred, on violet",
    header: {
      color: "#ffffff",
      "background-color": "#6d28d9",
      "font-size": "32px",
      "font-weight": "800",
      "text-align": "center",
    },
    paragraph: { "font-size": "18px", "font-weight": "500", "text-align": "center" },
  },
];

export const DEFAULT_PRESET = STYLE_PRESETS[0]!;

const same = (a: StyleValues, b: StyleValues) => styleString(a) === styleString(b);

/** The presets as one row of buttons; the one that matches both styles now is shown pressed. */
export function StylePresets({
  header,
  paragraph,
  onPick,
}: {
  header: StyleValues;
  paragraph: StyleValues;
  onPick: (preset: StylePreset) => void;
}) {
  return (
    <fieldset className="style-presets">
      <legend>Look</legend>
      <div className="style-preset-row">
        {STYLE_PRESETS.map((preset) => (
          <Button
            key={preset.name}
            size="sm"
            aria-pressed={same(header, preset.header) && same(paragraph, preset.paragraph)}
            title={preset.hint}
            onClick={() => onPick(preset)}
          >
            <span className="style-preset-sample" data-preset={preset.name.toLowerCase()} aria-hidden="true">
              Aa
            </span>
            {preset.name}
          </Button>
        ))}
      </div>
      <p>Fills the header and paragraph styles below; change any of them after.</p>
    </fieldset>
  );
}
