// The design system's components (ADR 035): import them from this file, e.g. `import { Button, Field } from "../components/ui"`.
// Except Tabs (`./ui/Tabs`): a page that imports this file reaches everything it re-exports, and Radix
// Tabs would put ~9 KiB gzip into the first load of every such page (ADR 051).
export { Button, type ButtonProps, type ButtonVariant, buttonClass } from "./Button";
export { Badge, type BadgeTone, Card, EmptyState, ProgressBar, Skeleton } from "./Card";
export {
  Checkbox,
  Field,
  FieldError,
  Input,
  Select,
  type SelectOption,
  Switch,
  Textarea,
} from "./Field";
export { GeneratedCover, initialsOf, toneOf } from "./GeneratedCover";
export { type NavTab, NavTabs } from "./NavTabs";
export { Outcome, type OutcomeMessage } from "./Outcome";
export { OverflowMenu } from "./OverflowMenu";
export { Pager } from "./Pager";
export { Segmented, type SegmentedOption } from "./Segmented";
export { Steps } from "./Steps";
export { type Column, Table } from "./Table";
export { type ConfirmOptions, UiProvider, useConfirm, useToast } from "./UiProvider";
