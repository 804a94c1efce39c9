// The drop zone as the project page sets it up (the project's limits), for the dom tests of the zone.
import { DropZone } from "../../app/components/DropZone";
import { PROJECT_FILE_LIMITS } from "../../app/lib/upload-client";

/** Calls `onDrop` with the files the zone accepts. */
export function ProjectZone({ onDrop }: { onDrop: (files: File[]) => void }) {
  return (
    <DropZone
      limits={PROJECT_FILE_LIMITS}
      className="dropzone"
      busy={false}
      label="Project files"
      hint="Audio, video, images, documents"
      onDrop={(files) => {
        onDrop(files);
      }}
    />
  );
}
