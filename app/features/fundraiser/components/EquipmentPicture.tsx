import { GeneratedCover } from "../../../components/ui/GeneratedCover";

/** The fundraiser has no photo yet: its cause's name on the brand's gradient, not clip art (ADR 118). */
export function EquipmentPicture({ label, className }: { label: string; className?: string }) {
  return <GeneratedCover title="Live broadcast kit" label={label} className={className} wide showTitle />;
}
