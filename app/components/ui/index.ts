// The design system's components (ADR 035): import them from this file, e.g. `import { Button, Field } from "../components/ui"`.
export { Button, type ButtonProps, type ButtonVariant, buttonClass } from "./Button";
export { Badge, type BadgeTone, Card, EmptyState, ProgressBar, Skeleton } from "./Card";
export { Checkbox, Field, Input, Select, type SelectOption, Switch } from "./Field";
export { type Column, Table } from "./Table";
export { type TabItem, Tabs } from "./Tabs";
export { type ConfirmOptions, UiProvider, useConfirm, useToast } from "./UiProvider";
