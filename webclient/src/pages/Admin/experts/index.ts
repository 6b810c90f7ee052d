// The experts' back-office screens (issue 20), for the back office shell to mount: applications and
// plans (both need the reviewExperts permission).
export { ExpertApplicationsAdmin } from "./ExpertApplicationsAdmin";
export { ExpertPlansAdmin } from "./ExpertPlansAdmin";
