/** Buttons of the back office: one look for actions everywhere in the admin. */
import type { ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger" | "dangerOutline";
export type ButtonSize = "sm" | "md" | "icon";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-ink text-white hover:bg-stone-700 disabled:bg-stone-400",
  secondary: "border border-line bg-white text-ink shadow-xs hover:bg-stone-50 disabled:text-stone-500",
  ghost: "text-ink hover:bg-stone-100 disabled:text-stone-500",
  danger: "bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300",
  dangerOutline: "border border-red-200 bg-white text-red-700 shadow-xs hover:bg-red-50",
};

const sizes: Record<ButtonSize, string> = {
  sm: "h-8 gap-1.5 px-2.5 text-xs",
  md: "h-9 gap-2 px-3.5 text-sm",
  icon: "size-8 justify-center",
};

export function buttonClass(variant: ButtonVariant = "secondary", size: ButtonSize = "md", extra = ""): string {
  return `inline-flex shrink-0 items-center justify-center rounded-lg font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed ${variants[variant]} ${sizes[size]} ${extra}`;
}

export function Button({
  variant,
  size,
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}
