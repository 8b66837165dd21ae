// The root layout create-next-app writes, minus fonts and styles.
import type { ReactNode } from "react";

export const metadata = { title: "quickbox in a Next.js app" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
