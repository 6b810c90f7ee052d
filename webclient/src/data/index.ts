// The web client's one data layer (docs/decisions/0006-one-data-layer.md): pages load with
// useResource or usePaged and draw the states with <Loadable>; mutations call src/api/* directly.
export { useResource, failureOf, type Resource, type ResourceOptions, type Failure, type ResourceStatus } from "./resource";
export { usePaged, type PagedResource, type PagedOptions, type PageAnswer } from "./paged";
export { Loadable, type LoadableProps, type LoadableState } from "./Loadable";
export { captureSeed } from "./seed";
