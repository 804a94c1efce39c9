// A file shown by its title ("late_night_drive.wav" → "late night drive", or the title the creator
// gave it), with its extension as a small muted chip. The chip reads ".wav", so the row's text still
// holds the file's name.
import { fileExtension, fileTitle } from "../kernel/format";

export function FileTitle({ fileName, title }: { fileName: string; title?: string | null }) {
  const extension = fileExtension(fileName);
  return (
    <>
      {title || fileTitle(fileName)}
      {extension && <span className="ext-chip">.{extension}</span>}
    </>
  );
}
