// One colour of a popup style: a swatch to pick with, the value as typed (any colour the sanitiser
// takes, e.g. a name) and Clear, since a colour input cannot be emptied. Unset means the card's own
// theme colours (the brand's tokens, light or dark).
import { useId } from "react";
import { Button, Input } from "../../../components/ui";

const HEX = /^#[0-9a-f]{6}$/i;

export function ColourField({
  label,
  of,
  value,
  onChange,
}: {
  label: string;
  /** What the colour belongs to ("header style"), for the typed box's and Clear's names. */
  of: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="style-field colour-field">
      <label htmlFor={id}>{label}</label>
      <span className="colour-input">
        <Input
          id={id}
          type="color"
          className="swatch"
          value={HEX.test(value) ? value.toLowerCase() : "#000000"}
          data-unset={value === "" || undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <Input
          type="text"
          aria-label={`${label} of ${of}, as typed`}
          value={value}
          placeholder="Theme default"
          maxLength={100}
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
        />
        <Button
          size="sm"
          variant="ghost"
          disabled={value === ""}
          aria-label={`Clear ${label.toLowerCase()} of ${of}`}
          onClick={() => onChange("")}
        >
          Clear
        </Button>
      </span>
    </div>
  );
}
