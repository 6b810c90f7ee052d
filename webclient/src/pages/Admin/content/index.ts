// The content's back-office screens (issues 16 and 19; staff with editContent), for the back office
// shell to mount: ProclamationsAdmin (the banner under the header) and PagesAdmin (the footer and
// protocol pages per language).
export { ProclamationsAdmin } from "./ProclamationsAdmin";
export { PagesAdmin } from "./PagesAdmin";
