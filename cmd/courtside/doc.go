// Command courtside is the Courtside node binary. Every setting comes from the environment or a flag
// (see `courtside -h` and the README's configuration table).
package main
