// A titled drop zone for one kind of file on a form (the product's cover and
// audio, the episode's cover and video): files of `accept`, not empty, at most
// `maxSize` bytes; react-dropzone's refusals are listed under it by DropZone.
import type { ReactNode } from "react";
import type { DropLimits } from "../lib/upload-client";
import { DropZone } from "./DropZone";

export function DropSection({
  heading,
  accept,
  maxSize,
  ...zone
}: {
  heading: string;
  accept: DropLimits["accept"];
  maxSize: number;
  busy: boolean;
  label: string;
  hint: ReactNode;
  onDrop: (accepted: File[]) => unknown;
}) {
  return (
    <>
      <h2>{heading}</h2>
      <DropZone limits={{ accept, minSize: 1, maxSize }} className="dropzone" {...zone} />
    </>
  );
}
