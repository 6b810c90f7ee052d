// The videos' back-office screen (issue 22), for the back office shell to mount: VideosAdmin
// (editContent).
export { VideosAdmin } from "./VideosAdmin";
