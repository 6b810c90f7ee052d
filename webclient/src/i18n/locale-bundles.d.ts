// The modules of build/localeBundles.ts (a Vite plugin): a lazy loader per language, resolving to
// the language's shell and feature files merged into one resource tree.
declare module "virtual:locale-bundles" {
  const loaders: Record<string, () => Promise<Record<string, unknown>>>;
  export default loaders;
}
