export * from "./api";
export * from "./client-ip";
export * from "./errors";
export * from "./headers";
export * from "./json-body";
export * from "./response";
export * from "./routes";
export * from "./same-origin";
