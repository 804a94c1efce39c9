// A stand-in for the metrics of the standard PDF fonts the licence does not use
// (vite.config.ts aliases them here in the Worker build). pdf-lib imports all
// fourteen, each as a base64 string gzip cannot shrink; the licence PDF
// (licences.ts) sets Helvetica and Helvetica-Bold only. Embedding another
// standard font would fail loudly when pdf-lib inflates this empty string.
export default "";
