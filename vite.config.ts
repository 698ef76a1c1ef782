import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    target: "es2022",
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Small modules that nearly every page shares travel as one file instead of a
          // handful of sub-kilobyte ones, each with its own request and headers (issue 14).
          groups: [
            {
              name: "shared",
              test: /[\\/](?:domain[\\/](?:money|pricing|zebra|review-fields|colors|business)|app[\\/]lib[\\/](?:meta|api-client)|app[\\/]components[\\/]toast)\.tsx?$/,
            },
          ],
        },
      },
    },
  },
});
