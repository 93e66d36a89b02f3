(** The observable-depth carousel (source 001_eb740855b56fcd8b.txt): the expected reward
    E[r(a)] = Σ_j P_j θ_{a_j} (3.4 報酬と目標) is maximised by the K largest θ in decreasing order,
    for every depth distribution (P non-increasing, P ≥ 0), and the gap range of 3.5
    最適ランキングとリグレット. Rankings are lists of θ values (a sub-multiset of θ, see Cascade.v). *)
From Coq Require Import Reals Lra Psatz Lia List Permutation.
From Clickbound Require Import Cascade.
Import ListNotations.
Open Scope R_scope.

(** r(a) = Σ_j P_j θ_{a_j} = sum (had P a) *)
Definition depth_reward (P a : list R) : R := sum (had P a).

Definition nonneg (x : list R) : Prop := Forall (fun a => 0 <= a) x.

Lemma lin_ins_step : forall s c a, nonneg c -> nonincr c -> nonincr s ->
  depth_reward c (a :: s) <= depth_reward c (insert a s).
Proof.
  unfold depth_reward. induction s as [|h s' IH]; intros c a Hc Hnc Hns; simpl insert. lra.
  destruct (Rle_dec h a) as [Hle|Hgt]. lra.
  destruct c as [|c1 [|c2 c'']]; simpl.
  - lra.
  - inversion Hc; subst. assert (c1 * a <= c1 * h) by (apply Rmult_le_compat_l; lra). lra.
  - inversion Hc as [|? ? Hc1 Hc']; subst. destruct Hnc as [H12 Hnc'].
    specialize (IH (c2 :: c'') a Hc' Hnc' (nonincr_tail _ _ Hns)). simpl in IH.
    assert (0 <= (c1 - c2) * (h - a)) by (apply Rmult_le_pos; lra).
    lra.
Qed.

Lemma lin_isort_step : forall x c, nonneg c -> nonincr c ->
  depth_reward c x <= depth_reward c (isort x).
Proof.
  induction x as [|a x IH]; intros c Hc Hnc. apply Rle_refl.
  destruct c as [|c1 c']. unfold depth_reward; simpl; lra.
  pose proof Hc as Hc0. inversion Hc0 as [|? ? Hc1 Hc']; subst.
  specialize (IH c' Hc' (nonincr_tail _ _ Hnc)).
  pose proof (lin_ins_step (isort x) (c1 :: c') a Hc Hnc (isort_nonincr x)).
  unfold depth_reward in *; simpl in *. lra.
Qed.

Lemma lin_mono : forall c x y, nonneg c -> Forall2 Rle x y -> depth_reward c x <= depth_reward c y.
Proof.
  unfold depth_reward. induction c as [|a c IH]; intros x y Hc H; simpl. lra.
  destruct H as [|b d x' y' Hbd H']; simpl. lra.
  inversion Hc as [|? ? Ha Hc']; subst. specialize (IH x' y' Hc' H').
  assert (a * b <= a * d) by (apply Rmult_le_compat_l; auto). lra.
Qed.

(** OD-REWARD (3.5): for every depth distribution (P ≥ 0 non-increasing: 1 = P_1 ≥ … ≥ P_K > 0 is
    one), every θ and every ranking a of K of the L items, r(a) ≤ r(a_opt) for a_opt the K largest θ in
    decreasing order *)
(*! claim OD-REWARD/optimal-sorted *)
(*! noinstance procedure claim over every L, K; rankings are sub-multisets of θ (Permutation θ (a ++ rest)) *)
Theorem od_optimal_sorted : forall (P th A RA T RT : list R),
  nonneg P -> nonincr P ->
  Permutation th (A ++ RA) -> length A = length P ->
  Permutation th (T ++ RT) -> top T RT -> nonincr T -> length T = length P ->
  depth_reward P A <= depth_reward P T.
Proof.
  intros P th A RA T RT HP HnP HA HlA HT Htop HnT HlT.
  destruct (pairing A th RA T RT HA HT Htop ltac:(lia)) as [Q [HQ HF]].
  assert (E : isort Q = T).
  { apply nonincr_perm_eq; [|apply isort_nonincr|auto].
    apply perm_trans with Q; [apply Permutation_sym, isort_perm|apply Permutation_sym; auto]. }
  pose proof (lin_mono P A Q HP HF). pose proof (lin_isort_step Q P HP HnP). rewrite E in *. lra.
Qed.

Lemma reward_bounds : forall P a, inunit P -> inunit a -> 0 <= depth_reward P a <= sum P.
Proof.
  unfold depth_reward. induction P as [|p P IH]; intros [|b a] HP Ha; simpl.
  - lra.
  - lra.
  - apply inunit_cons in HP as [Hp HP]. assert (0 <= sum P).
    { clear -HP. induction P; simpl. lra. apply inunit_cons in HP as [[? ?] ?]. specialize (IHP H1). lra. }
    unfold unit in Hp. lra.
  - apply inunit_cons in HP as [Hp HP]; apply inunit_cons in Ha as [Hb Ha].
    specialize (IH a HP Ha). unfold unit in *.
    assert (0 <= p * b) by (apply Rmult_le_pos; lra).
    assert (p * b <= p * 1) by (apply Rmult_le_compat_l; lra). lra.
Qed.

Lemma sum_le_length : forall P, inunit P -> sum P <= INR (length P).
Proof.
  induction P as [|p P IH]; intros H. simpl; lra.
  change (length (p :: P)) with (S (length P)). rewrite S_INR. cbn [sum].
  apply inunit_cons in H as [Hp H]. specialize (IH H). unfold unit in Hp. lra.
Qed.

(** OD-REWARD/gap-range (3.5: '0 ≤ Δ_a ≤ L' in the source's letters = K slots): for every ranking a,
    0 ≤ Δ_a = r(a_opt) − r(a) ≤ Σ_j P_j ≤ K *)
(*! claim OD-REWARD/gap-range *)
(*! noinstance procedure claim over every L, K and ranking *)
Theorem od_gap_range : forall (P th A RA T RT : list R),
  inunit P -> nonincr P -> inunit th ->
  Permutation th (A ++ RA) -> length A = length P ->
  Permutation th (T ++ RT) -> top T RT -> nonincr T -> length T = length P ->
  0 <= depth_reward P T - depth_reward P A <= sum P /\ sum P <= INR (length P).
Proof.
  intros P th A RA T RT HP HnP Hth HA HlA HT Htop HnT HlT.
  assert (HP0 : nonneg P) by (eapply Forall_impl; [|exact HP]; unfold unit; simpl; intros; lra).
  pose proof (od_optimal_sorted P th A RA T RT HP0 HnP HA HlA HT Htop HnT HlT).
  assert (HuA : inunit A) by (apply (inunit_app A RA); eapply inunit_perm; eauto).
  assert (HuT : inunit T) by (apply (inunit_app T RT); eapply inunit_perm; eauto).
  pose proof (reward_bounds P A HP HuA). pose proof (reward_bounds P T HP HuT).
  pose proof (sum_le_length P HP). lra.
Qed.

(** ** OD-REWARD: E[r(a)] = Σ_j P_j θ_{a_j} (3.4 報酬と目標) *)

Fixpoint clicks (bits : list bool) : R :=
  match bits with [] => 0 | b :: t => (if b then 1 else 0) + clicks t end.

Lemma Ebern_clicks : forall q, Ebern q clicks = sum q.
Proof.
  induction q as [|a q IH]; simpl. reflexivity.
  rewrite (Ebern_plus q (fun _ => 1) clicks), (Ebern_plus q (fun _ => 0) clicks), !Ebern_const, IH. ring.
Qed.


(** the depth V ∈ {1..K} has Pr(V = v) = P_v − P_{v+1} (P_{K+1} = 0, the list [P] ends at K); given
    V = v the shown positions j ≤ v are clicked independently with probability θ_{a_j}; the reward
    is the number of clicks: E[r(a)] = Σ_v Pr(V = v) E[#clicks | V = v] = Σ_j P_j θ_{a_j}
    (0-based below: v+1 is the depth) *)
(*! claim OD-REWARD *)
(*! noinstance procedure claim for every K; the expectation is the exact sum over depths and click outcomes *)
Theorem od_reward : forall P th : list R, length P = length th ->
  sumk (length P) (fun v => (nth v P 0 - nth (S v) P 0) * Ebern (firstn (S v) th) clicks)
  = depth_reward P th.
Proof.
  intros P th H. unfold depth_reward. rewrite sum_had by auto.
  rewrite (sumk_ext _ _ (fun v => (nth v P 0 - nth (S v) P 0) * sumk (S v) (fun k => nth k th 0))).
  - rewrite (abel_gen (fun k => nth k P 0) (fun k => nth k th 0)), nth_overflow by lia. ring.
  - intros v _. rewrite Ebern_clicks, sum_firstn. reflexivity.
Qed.
