/** The documents feature's public face: the project screen's Documents and Upload sections. */
export { DocumentsSection } from "./DocumentsSection";
export { UploadSection } from "./UploadSection";
