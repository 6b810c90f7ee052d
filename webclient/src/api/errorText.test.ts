// One way to turn a failed call into the words a user reads: errorText in api/client.ts. Copies
// drifted before (some showed "Error: …" with the class name, some an empty line), so a file that
// spells the conversion again fails here; use errorText, or test the ApiError's kind or code for
// a different answer.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ApiError, errorText } from "./client";

const SRC = resolve(__dirname, "..");
const COPY = /(\w+) instanceof ApiError \? \1\.userMessage : String\(\1\)|(?:const|function) (?:errorText|errText)\b/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

describe("errorText", () => {
  it("shows the server's message, else the error's own text", () => {
    expect(errorText(new ApiError({ kind: "refused", userMessage: "Not enough coins", errorCode: 4201 }))).toBe("Not enough coins");
    expect(errorText(new Error("socket closed"))).toBe("socket closed");
    expect(errorText("plain")).toBe("plain");
  });

  it("has one home: no file writes its own copy", () => {
    const copies = walk(SRC)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith(join("api", "client.ts")))
      .filter((f) => COPY.test(readFileSync(f, "utf8")))
      .map((f) => relative(SRC, f));
    expect(copies).toEqual([]);
  });
});
