// The news' back-office screens (issue 22), for the back office shell to mount: NewsAdmin and
// NewsReview (editContent), CommentReports (handleReports or editContent).
export { NewsAdmin } from "./NewsAdmin";
export { NewsReview } from "./NewsReview";
export { CommentReports } from "./CommentReports";
