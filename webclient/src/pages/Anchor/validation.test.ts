// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { AnchorSettings } from "../../api/anchor";
import {
  ageOn,
  birthFromResidentId,
  checkDetailPicture,
  checkImageFile,
  parseDate,
  validateApplication,
  validateSettings,
  type ApplicationForm,
} from "./validation";

const NOW = new Date(Date.UTC(2026, 5, 1, 12)); // 2026-06-01

const form = (over: Partial<ApplicationForm> = {}): ApplicationForm => ({
  realName: "Li Lei",
  idNumber: "11010519491231002X",
  birthDate: "",
  intro: "Football nerd",
  liveContent: "Premier League",
  idFront: 1,
  idBack: 2,
  idHand: 3,
  agreed: true,
  ...over,
});

describe("application: age 18 and the ID number", () => {
  it("accepts a complete application of an adult", () => {
    expect(validateApplication(form(), NOW)).toEqual({});
  });

  it("reads the birth date from a resident ID after its check character", () => {
    expect(birthFromResidentId("11010519491231002X")?.toISOString().slice(0, 10)).toBe("1949-12-31");
    expect(birthFromResidentId("110105194912310021")).toBeNull(); // wrong check character
    expect(validateApplication(form({ idNumber: "110105194912310021" }), NOW).idNumber).toBe("idNumberInvalid");
  });

  it("is 18 exactly on the 18th birthday, not the day before", () => {
    // born 2008-06-01 (check character 5) and 2008-06-02 (check character 0)
    expect(validateApplication(form({ idNumber: "110105200806011235" }), NOW)).toEqual({});
    expect(validateApplication(form({ idNumber: "110105200806021230" }), NOW).idNumber).toBe("underage");
  });

  it("needs a birth date for other documents and checks the age on it", () => {
    expect(validateApplication(form({ idNumber: "P1234567" }), NOW).birthDate).toBe("birthDateRequired");
    expect(validateApplication(form({ idNumber: "P1234567", birthDate: "2010-01-01" }), NOW).birthDate).toBe("underage");
    expect(validateApplication(form({ idNumber: "P1234567", birthDate: "1990-02-30" }), NOW).birthDate).toBe("birthDateRequired");
    expect(validateApplication(form({ idNumber: "P1234567", birthDate: "1990-02-28" }), NOW)).toEqual({});
  });

  it("refuses a birth date in the future", () => {
    expect(validateApplication(form({ idNumber: "P1", birthDate: "2030-01-01" }), NOW).birthDate).toBe("underage");
  });

  it("counts whole years across leap days", () => {
    const leap = parseDate("2008-02-29")!;
    expect(ageOn(leap, new Date(Date.UTC(2026, 1, 28)))).toBe(17);
    expect(ageOn(leap, new Date(Date.UTC(2026, 2, 1)))).toBe(18);
  });
});

describe("application: required fields, photos and rules", () => {
  it.each([
    ["realName", { realName: "  " }, "required"],
    ["realName", { realName: "x".repeat(51) }, "tooLong"],
    ["idNumber", { idNumber: "" }, "required"],
    ["intro", { intro: "" }, "required"],
    ["liveContent", { liveContent: "x".repeat(1001) }, "tooLong"],
    ["photos", { idHand: 0 }, "photosRequired"],
    ["agreed", { agreed: false }, "rulesRequired"],
  ] as const)("flags %s", (field, over, want) => {
    expect(validateApplication(form(over), NOW)[field]).toBe(want);
  });
});

describe("pictures", () => {
  it("accepts only square detail pictures", () => {
    expect(checkDetailPicture({ width: 800, height: 800 })).toBeNull();
    expect(checkDetailPicture({ width: 800, height: 801 })).toBe("notSquare");
    expect(checkDetailPicture({ width: 0, height: 0 })).toBe("imageInvalid");
  });
  it("accepts JPG and PNG up to 3 MB", () => {
    expect(checkImageFile({ type: "image/png", size: 3 << 20 })).toBeNull();
    expect(checkImageFile({ type: "image/png", size: (3 << 20) + 1 })).toBe("imageInvalid");
    expect(checkImageFile({ type: "image/gif", size: 10 })).toBe("imageInvalid");
  });
});

describe("live settings", () => {
  const settings = (over: Partial<AnchorSettings> = {}): AnchorSettings => ({
    title: "Derby night",
    cover: 0,
    paid: false,
    price: 0,
    memberOnly: false,
    externalComments: true,
    teaser: "",
    detailIntro: "We watch the derby together.",
    detailPics: [],
    m3u8: "",
    ...over,
  });

  it("accepts complete settings", () => expect(validateSettings(settings())).toEqual({}));
  it("needs a title and a detailed intro", () => {
    expect(validateSettings(settings({ title: " ", detailIntro: "" }))).toEqual({ title: "required", detailIntro: "required" });
  });
  it("allows at most 3 detail pictures", () => {
    expect(validateSettings(settings({ detailPics: [1, 2, 3] }))).toEqual({});
    expect(validateSettings(settings({ detailPics: [1, 2, 3, 4] })).detailPics).toBe("tooManyPictures");
  });
  it("needs a price of 1 to 100000 coins for a paid room", () => {
    expect(validateSettings(settings({ paid: true, price: 0 })).price).toBe("priceInvalid");
    expect(validateSettings(settings({ paid: true, price: 100001 })).price).toBe("priceInvalid");
    expect(validateSettings(settings({ paid: true, price: 50 }))).toEqual({});
  });
  it("takes only http(s) .m3u8 addresses as the external source", () => {
    expect(validateSettings(settings({ m3u8: "https://cdn.example.com/live/index.m3u8?x=1" }))).toEqual({});
    expect(validateSettings(settings({ m3u8: "rtmp://cdn.example.com/live.m3u8" })).m3u8).toBe("m3u8Invalid");
    expect(validateSettings(settings({ m3u8: "https://cdn.example.com/live.flv" })).m3u8).toBe("m3u8Invalid");
  });
});
