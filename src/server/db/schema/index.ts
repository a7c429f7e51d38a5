export * from "./auth";
export * from "./profile";
export * from "./tokens";
export * from "./generation";
export * from "./billing";
export * from "./comments";
export * from "./listings";
export * from "./api";
