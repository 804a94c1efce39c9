// The seed's messages about one file, used by the project page and the file view
// (their pages and their actions).
export const NO_FILE = "No file data available";
export const FILE_DELETED = "File deleted successfully!";
export const DELETE_FILE_CONFIRM = "Are you sure you want to delete this file?";
export const DELETE_FILE_FAILED = "An error occurred while deleting the file";
export const PROBE_FAILED = "Could not read the media details.";
