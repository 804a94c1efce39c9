// A campaign's delivery report at /verify (issue 47): what the page says of a report's code and of
// a copy checked against it.
export const REPORT_ISSUED = "Valid: this delivery report was issued by Creator Platform.";
export const REPORT_UNKNOWN = "No delivery report has this code.";
export const REPORT_COPY_MATCHES = "Valid: this copy is the delivery report as issued, unchanged.";
export const REPORT_COPY_DIFFERS =
  "Altered: this copy does NOT match the delivery report issued with this code. It was changed, or it is another file.";
