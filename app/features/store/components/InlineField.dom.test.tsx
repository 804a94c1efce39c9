// The manager's inline edit loads its rules (and zod) when a field is edited, not with the page
// (ADR 051); what it saves and refuses is unchanged: a valid value is sent as the API wants it, an
// empty or invalid one ends editing unsaved (the seed's behaviour).
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { mount, typeInto, until } from "../../../../tests/dom/support";
import type { EditableField } from "../../../kernel/schemas/products-form-messages";
import { InlineField } from "./InlineField";

async function edit(field: EditableField, initial: string, typed: string) {
  const onSave = vi.fn(async (_change: Record<string, unknown>) => {});
  const onDone = vi.fn();
  const view = await mount(
    <InlineField
      field={field}
      label={field}
      shown={initial}
      initial={initial}
      editing
      onEdit={() => {}}
      onDone={onDone}
      onSave={onSave}
    />,
  );
  const input = view.host.querySelector<HTMLInputElement>("input")!;
  await typeInto(input, typed);
  await act(async () => {
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
  });
  await until(() => onDone.mock.calls.length > 0, "the edit to end");
  return onSave.mock.calls.map(([change]) => change);
}

describe("InlineField", () => {
  it("saves a valid value as the API wants it", async () => {
    expect(await edit("price", "10", " 12.50 ")).toEqual([{ price: "12.50" }]);
    expect(await edit("quantity", "", "5")).toEqual([{ quantity: 5 }]);
    expect(await edit("title", "Old", "  New title ")).toEqual([{ title: "New title" }]);
  });

  it("ends editing unsaved for an empty, unchanged or invalid value", async () => {
    expect(await edit("price", "10", "0.001")).toEqual([]);
    expect(await edit("price", "10", "0")).toEqual([]);
    expect(await edit("quantity", "", "1001")).toEqual([]);
    expect(await edit("title", "Old", "x".repeat(101))).toEqual([]);
    expect(await edit("title", "Old", "   ")).toEqual([]);
    expect(await edit("title", "Old", " Old ")).toEqual([]);
  });
});
