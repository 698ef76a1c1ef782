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
          // handful of sub-kilobyte ones, each with its own request and headers.
          groups: [
            {
              name: "shared",
              // The home page's sub-kilobyte chunks too: each cost a request
              // and its headers, which counted against the home page's 110 KB.
              test: /[\\/](?:domain[\\/](?:money|pricing|zebra|review-fields|colors|business|promises|from-price)|app[\\/]lib[\\/](?:meta|api-client|picture-url|root-data)|app[\\/]components[\\/](?:toast|icons|photo-picture))\.tsx?$|vite[\\/]preload-helper/,
            },
          ],
        },
      },
    },
  },
});
