/** The profile: name and phone (the email is the sign-in and stays as it is). */
import { UpdateProfileBody } from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { InputField, primaryButton, Skeleton } from "../../components/form-field.tsx";
import { toast } from "../../lib/toast.ts";
import { useProfile, useUpdateProfile } from "./api.ts";
import { applyServerErrors } from "./server-errors.ts";

export function ProfileSection({ who }: { who: string }) {
  const profile = useProfile(who);
  return (
    <section aria-labelledby="profile-heading" className="rounded-xl border border-line bg-white p-4">
      <h2 id="profile-heading" className="mb-3 font-semibold text-lg">
        Profile
      </h2>
      {profile.isPending ? (
        <Skeleton label="Loading your profile" className="h-32" />
      ) : profile.isError ? (
        <p role="alert">{profile.error.message}</p>
      ) : (
        <ProfileForm
          who={who}
          email={profile.data.email}
          defaults={{ name: profile.data.name, phone: profile.data.phone }}
        />
      )}
    </section>
  );
}

function ProfileForm(props: { who: string; email: string; defaults: { name: string; phone: string } }) {
  const update = useUpdateProfile(props.who);
  const form = useForm({ resolver: zodResolver(UpdateProfileBody), defaultValues: props.defaults });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    update.mutateAsync(values).then(
      () => toast.success("Profile saved"),
      (error: unknown) => toast.error(applyServerErrors(error, form.setError)),
    ),
  );
  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      <p className="text-sm">
        Email: <strong>{props.email}</strong>
      </p>
      <InputField label="Name" autoComplete="name" error={errors.name?.message} {...form.register("name")} />
      <InputField
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...form.register("phone")}
      />
      <div>
        <button type="submit" className={primaryButton} disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save profile"}
        </button>
      </div>
    </form>
  );
}
