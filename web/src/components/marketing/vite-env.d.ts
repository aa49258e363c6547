/// <reference types="vite/client" />
// Types for `import styles from "./x.module.css"` (and other Vite asset imports) in the marketing kit.
