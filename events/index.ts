export * from "./admin";
export * from "./api";
export * from "./auth";
export * from "./contact";
export * from "./envelopes";
export * from "./fields";
export * from "./limits";
export * from "./signup";
