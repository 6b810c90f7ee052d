// The back office's support queue (issue 19; staff with answerSupport), for the shell to mount.
export { SupportAdmin } from "./SupportAdmin";
