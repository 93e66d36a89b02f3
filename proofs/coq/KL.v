(* Bernoulli Kullback-Leibler divergence: KL-MONO, KL-PINSKER, KL-PINSKER/index.

   Sources: 003_f899901a464da92a.txt, section "KL-UCB" (the KL-UCB index
   max{q : N·D(p̂‖q) <= f(t)} and Pinsker's inequality); 000_0b27131c69d8f24c.txt,
   dcmKL-UCB ("UCB の計算", log t + 3 log log t).

   D_KL(p‖q) = p ln(p/q) + (1 − p) ln((1 − p)/(1 − q)).  In Coq, [ln x] for x <= 0
   is some real, and it is multiplied by 0 exactly when p ∈ {0, 1}; so the definition
   below carries the convention 0 log 0 = 0 of the catalogue (bounds.kl) for p ∈ {0, 1}.
   The catalogue's other convention, D_KL = +∞ off the support (q ∈ {0, 1}, q ≠ p),
   has no real value: the statements below take q ∈ (0, 1) (or q ∈ [w, 1)), where
   every D_KL is finite.

   Also holds the calculus helpers (mean value theorem on an open interval,
   monotonicity and convexity from the derivative) that Concentration.v and UCB1.v use. *)

Set Warnings "-ambiguous-paths".
From Coq Require Import Reals Lra.
From Coquelicot Require Import Coquelicot.
Open Scope R_scope.

(* ------------------------------------------------------------------ calculus helpers *)

Lemma continuity_of_derive (f : R -> R) (x l : R) :
  is_derive f x l -> continuity_pt f x.
Proof.
  intro H. apply derivable_continuous_pt. exists l. apply is_derive_Reals. exact H.
Qed.

(* The mean value theorem with the derivative on the open interval (a, b) and
   continuity on the closed one, with an interior point (from the standard library's
   Cauchy form MVT). *)
Lemma mvt_open (f df : R -> R) (a b : R) :
  a < b ->
  (forall c, a < c < b -> is_derive f c (df c)) ->
  (forall c, a <= c <= b -> continuity_pt f c) ->
  exists c, a < c < b /\ f b - f a = df c * (b - a).
Proof.
  intros Hab Hd Hc.
  assert (pr1 : forall c, a < c < b -> derivable_pt f c).
  { intros c Hc'. exists (df c). apply is_derive_Reals. apply Hd. exact Hc'. }
  assert (pr2 : forall c, a < c < b -> derivable_pt id c).
  { intros c _. apply derivable_pt_id. }
  destruct (MVT f id a b pr1 pr2 Hab Hc
              (fun c _ => derivable_continuous_pt _ _ (derivable_pt_id c))) as [c [P HP]].
  exists c. split; [exact P |].
  rewrite (derive_pt_eq_0 f c (df c) (pr1 c P)) in HP
    by (apply is_derive_Reals; apply Hd; exact P).
  rewrite (derive_pt_eq_0 id c 1 (pr2 c P) (derivable_pt_lim_id c)) in HP.
  unfold id in HP. rewrite Rmult_1_r in HP. rewrite <- HP. ring.
Qed.

Lemma incr_of_deriv (f df : R -> R) (a b : R) :
  a < b ->
  (forall c, a < c < b -> is_derive f c (df c)) ->
  (forall c, a <= c <= b -> continuity_pt f c) ->
  (forall c, a < c < b -> 0 < df c) -> f a < f b.
Proof.
  intros Hab Hd Hc Hp. destruct (mvt_open f df a b Hab Hd Hc) as [c [Hc1 Heq]].
  specialize (Hp c Hc1). nra.
Qed.

Lemma nondecr_of_deriv (f df : R -> R) (a b : R) :
  a <= b ->
  (forall c, a < c < b -> is_derive f c (df c)) ->
  (forall c, a <= c <= b -> continuity_pt f c) ->
  (forall c, a < c < b -> 0 <= df c) -> f a <= f b.
Proof.
  intros Hab Hd Hc Hp. destruct (Req_dec a b) as [E | N].
  - subst. lra.
  - destruct (mvt_open f df a b ltac:(lra) Hd Hc) as [c [Hc1 Heq]].
    specialize (Hp c Hc1). nra.
Qed.

Lemma nonincr_of_deriv (f df : R -> R) (a b : R) :
  a <= b ->
  (forall c, a < c < b -> is_derive f c (df c)) ->
  (forall c, a <= c <= b -> continuity_pt f c) ->
  (forall c, a < c < b -> df c <= 0) -> f b <= f a.
Proof.
  intros Hab Hd Hc Hp. destruct (Req_dec a b) as [E | N].
  - subst. lra.
  - destruct (mvt_open f df a b ltac:(lra) Hd Hc) as [c [Hc1 Heq]].
    specialize (Hp c Hc1). nra.
Qed.

(* Convexity (chord form) on an interval [lo, hi) from a nondecreasing derivative. *)
Lemma convex_of_deriv_mono (f df : R -> R) (lo hi : R) :
  (forall c, lo <= c < hi -> is_derive f c (df c)) ->
  (forall c1 c2, lo <= c1 -> c1 <= c2 -> c2 < hi -> df c1 <= df c2) ->
  forall x y t, lo <= x < hi -> lo <= y < hi -> 0 <= t <= 1 ->
    f (t * x + (1 - t) * y) <= t * f x + (1 - t) * f y.
Proof.
  intros Hd Hm.
  assert (Hmain : forall x y t, lo <= x -> x < y -> y < hi -> 0 < t < 1 ->
            f (t * x + (1 - t) * y) <= t * f x + (1 - t) * f y).
  { intros x y t Hx Hxy Hy Ht.
    set (z := t * x + (1 - t) * y).
    assert (Ez1 : z - x = (1 - t) * (y - x)) by (unfold z; ring).
    assert (Ez2 : y - z = t * (y - x)) by (unfold z; ring).
    assert (Hxz : x < z).
    { assert (0 < (1 - t) * (y - x)) by (apply Rmult_lt_0_compat; lra). lra. }
    assert (Hzy : z < y).
    { assert (0 < t * (y - x)) by (apply Rmult_lt_0_compat; lra). lra. }
    assert (Hcont : forall c, x <= c <= y -> continuity_pt f c).
    { intros c Hc. apply (continuity_of_derive f c (df c)). apply Hd. lra. }
    destruct (mvt_open f df x z Hxz (fun c Hc => Hd c ltac:(lra))
                (fun c Hc => Hcont c ltac:(lra))) as [c1 [Hc1 E1]].
    destruct (mvt_open f df z y Hzy (fun c Hc => Hd c ltac:(lra))
                (fun c Hc => Hcont c ltac:(lra))) as [c2 [Hc2 E2]].
    assert (M : df c1 <= df c2) by (apply Hm; lra).
    rewrite Ez1 in E1. rewrite Ez2 in E2.
    assert (K : t * (f z - f x) <= (1 - t) * (f y - f z)).
    { rewrite E1, E2.
      replace (t * (df c1 * ((1 - t) * (y - x)))) with (t * (1 - t) * (y - x) * df c1) by ring.
      replace ((1 - t) * (df c2 * (t * (y - x)))) with (t * (1 - t) * (y - x) * df c2) by ring.
      apply Rmult_le_compat_l; [| exact M].
      apply Rmult_le_pos; [apply Rmult_le_pos |]; lra. }
    lra. }
  intros x y t Hx Hy Ht.
  destruct (Rtotal_order x y) as [Lt | [Eq | Gt]].
  - destruct (Req_dec t 0) as [T0 | T0].
    { subst. replace (0 * x + (1 - 0) * y) with y by ring. lra. }
    destruct (Req_dec t 1) as [T1 | T1].
    { subst. replace (1 * x + (1 - 1) * y) with x by ring. lra. }
    apply Hmain; lra.
  - subst. replace (t * y + (1 - t) * y) with y by ring. lra.
  - destruct (Req_dec t 0) as [T0 | T0].
    { subst. replace (0 * x + (1 - 0) * y) with y by ring. lra. }
    destruct (Req_dec t 1) as [T1 | T1].
    { subst. replace (1 * x + (1 - 1) * y) with x by ring. lra. }
    replace (t * x + (1 - t) * y) with ((1 - t) * y + (1 - (1 - t)) * x) by ring.
    replace (t * f x + (1 - t) * f y) with ((1 - t) * f y + (1 - (1 - t)) * f x) by ring.
    apply Hmain; lra.
Qed.

Lemma locally_open_interval (lo hi x : R) :
  lo < x < hi -> locally x (fun y => lo < y < hi).
Proof.
  intro H. apply (open_and (fun y => lo < y) (fun y => y < hi)); [apply open_gt | apply open_lt | exact H].
Qed.

Lemma locally_lt (hi x : R) : x < hi -> locally x (fun y => y < hi).
Proof. intro H. apply open_lt. exact H. Qed.

Lemma locally_gt (lo x : R) : lo < x -> locally x (fun y => lo < y).
Proof. intro H. apply open_gt. exact H. Qed.

(* ------------------------------------------------------------------ the divergence *)

Definition kl (p q : R) : R := p * ln (p / q) + (1 - p) * ln ((1 - p) / (1 - q)).

(* its q-derivative, written so that it is also right at the edges p = 0 (q = 0 allowed)
   and p = 1 (q = 1 allowed) *)
Definition kl_d (p q : R) : R := (1 - p) / (1 - q) - p / q.

Lemma xlog_div (x y : R) : 0 <= x -> 0 < y -> x * ln (x / y) = x * ln x - x * ln y.
Proof.
  intros Hx Hy. destruct (Rle_lt_or_eq_dec 0 x Hx) as [Px | Ex].
  - rewrite ln_div by lra. ring.
  - subst. ring.
Qed.

Lemma xlog_self (x : R) : x * ln (x / x) = 0.
Proof.
  destruct (Req_dec x 0) as [E | N].
  - subst. ring.
  - unfold Rdiv. rewrite Rinv_r by exact N. rewrite ln_1. ring.
Qed.

Lemma kl_self (p : R) : kl p p = 0.
Proof. unfold kl. rewrite xlog_self, xlog_self. ring. Qed.

Lemma kl_expand (p q : R) : 0 <= p <= 1 -> 0 < q < 1 ->
  kl p q = p * ln p + (1 - p) * ln (1 - p) - p * ln q - (1 - p) * ln (1 - q).
Proof.
  intros Hp Hq. unfold kl. rewrite xlog_div by lra. rewrite (xlog_div (1 - p)) by lra. ring.
Qed.

Lemma kl_zero_left (q : R) : q < 1 -> kl 0 q = - ln (1 - q).
Proof.
  intro Hq. unfold kl. rewrite Rminus_0_r. unfold Rdiv. rewrite !Rmult_1_l, Rmult_0_l.
  rewrite ln_Rinv by lra. ring.
Qed.

Lemma kl_one_left (q : R) : 0 < q -> kl 1 q = - ln q.
Proof.
  intro Hq. unfold kl. replace (1 - 1) with 0 by ring. unfold Rdiv.
  rewrite !Rmult_1_l, Rmult_0_l. rewrite ln_Rinv by lra. ring.
Qed.

Lemma is_derive_ln_1m (q : R) : q < 1 -> is_derive (fun y => ln (1 - y)) q (- / (1 - q)).
Proof.
  intro Hq. auto_derive.
  - lra.
  - field. lra.
Qed.

(* ∂_q D_KL(p‖q) = (1 − p)/(1 − q) − p/q wherever D_KL(p‖·) is finite near q:
   0 < q < 1, or q < 1 when p = 0, or q > 0 when p = 1. *)
Lemma kl_derive (p q : R) : 0 <= p <= 1 -> (0 < q \/ p = 0) -> (q < 1 \/ p = 1) ->
  is_derive (kl p) q (kl_d p q).
Proof.
  intros Hp Hq0 Hq1.
  destruct (Req_dec p 0) as [P0 | P0].
  - subst p. assert (Hq : q < 1) by (destruct Hq1; lra).
    apply is_derive_ext_loc with (f := fun y => - ln (1 - y)).
    + apply (filter_imp (fun y => y < 1)); [| apply locally_lt; exact Hq].
      intros y Hy. rewrite kl_zero_left by exact Hy. reflexivity.
    + unfold kl_d. auto_derive.
      * lra.
      * unfold Rdiv. rewrite Rmult_0_l. field. lra.
  - destruct (Req_dec p 1) as [P1 | P1].
    + subst p. assert (Hq : 0 < q) by (destruct Hq0; lra).
      apply is_derive_ext_loc with (f := fun y => - ln y).
      * apply (filter_imp (fun y => 0 < y)); [| apply locally_gt; exact Hq].
        intros y Hy. rewrite kl_one_left by exact Hy. reflexivity.
      * unfold kl_d. auto_derive.
        -- lra.
        -- replace (1 - 1) with 0 by ring. unfold Rdiv. rewrite Rmult_0_l. field. lra.
    + assert (Hq : 0 < q < 1) by (destruct Hq0, Hq1; lra).
      apply is_derive_ext_loc with
        (f := fun y => p * ln p + (1 - p) * ln (1 - p) - p * ln y - (1 - p) * ln (1 - y)).
      * apply (filter_imp (fun y => 0 < y < 1)); [| apply locally_open_interval; exact Hq].
        intros y Hy. rewrite kl_expand by lra. reflexivity.
      * unfold kl_d. auto_derive.
        -- lra.
        -- field. lra.
Qed.

Lemma kl_d_formula (w q : R) : 0 < q < 1 -> kl_d w q = (q - w) / (q * (1 - q)).
Proof. intro Hq. unfold kl_d. field. lra. Qed.

Lemma kl_d_pos (w q : R) : w < q < 1 -> 0 < q -> 0 < kl_d w q.
Proof.
  intros Hq H0. rewrite kl_d_formula by lra.
  apply Rdiv_lt_0_compat; [lra | apply Rmult_lt_0_compat; lra].
Qed.

Lemma kl_d_mono (w c1 c2 : R) : 0 <= w <= 1 -> (0 < c1 \/ w = 0) -> c1 <= c2 -> c2 < 1 ->
  kl_d w c1 <= kl_d w c2.
Proof.
  intros Hw Hc1 H12 Hc2. unfold kl_d, Rdiv.
  assert (A : (1 - w) * / (1 - c1) <= (1 - w) * / (1 - c2)).
  { apply Rmult_le_compat_l; [lra |]. apply Rinv_le_contravar; lra. }
  assert (B : w * / c2 <= w * / c1).
  { destruct Hc1 as [Hc1 | Hc1].
    - apply Rmult_le_compat_l; [lra |]. apply Rinv_le_contravar; lra.
    - subst w. lra. }
  lra.
Qed.

(* D_KL(w‖·) is continuous at every point of [w, 1) (w < 1). *)
Lemma kl_cont (w q : R) : 0 <= w < 1 -> w <= q < 1 -> continuity_pt (kl w) q.
Proof.
  intros Hw Hq. apply (continuity_of_derive _ _ (kl_d w q)). apply kl_derive; lra.
Qed.

Lemma kl_strict_incr (w x y : R) : 0 <= w < 1 -> w <= x -> x < y -> y < 1 -> kl w x < kl w y.
Proof.
  intros Hw Hx Hxy Hy.
  apply (incr_of_deriv (kl w) (kl_d w) x y Hxy).
  - intros c Hc. apply kl_derive; lra.
  - intros c Hc. apply kl_cont; lra.
  - intros c Hc. apply kl_d_pos; lra.
Qed.

Lemma kl_nonneg_right (w q : R) : 0 <= w < 1 -> w <= q < 1 -> 0 <= kl w q.
Proof.
  intros Hw Hq. rewrite <- (kl_self w). destruct (Req_dec w q) as [E | N].
  - subst. lra.
  - left. apply kl_strict_incr; lra.
Qed.

Lemma kl_convex (w : R) : 0 <= w < 1 ->
  forall x y t, w <= x < 1 -> w <= y < 1 -> 0 <= t <= 1 ->
    kl w (t * x + (1 - t) * y) <= t * kl w x + (1 - t) * kl w y.
Proof.
  intros Hw. apply (convex_of_deriv_mono (kl w) (kl_d w) w 1).
  - intros c Hc. apply kl_derive; lra.
  - intros c1 c2 H1 H12 H2. apply kl_d_mono; lra.
Qed.

(* w ln(w/q) >= w ln w for 0 < q <= 1 (both 0 at w = 0) *)
Lemma xlog_lower (w q : R) : 0 <= w -> 0 < q <= 1 -> w * ln w <= w * ln (w / q).
Proof.
  intros Hw Hq. destruct (Rle_lt_or_eq_dec 0 w Hw) as [P | E].
  - apply Rmult_le_compat_l; [lra |]. apply ln_le; [lra |].
    unfold Rdiv. rewrite <- (Rmult_1_r w) at 1. apply Rmult_le_compat_l; [lra |].
    rewrite <- Rinv_1. apply Rinv_le_contravar; lra.
  - subst. lra.
Qed.

Lemma kl_to_infinity (w : R) : 0 <= w < 1 ->
  forall M, exists d, 0 < d /\ forall q, 1 - d < q < 1 -> M < kl w q.
Proof.
  intros Hw M.
  set (K := (M - w * ln w) / (1 - w) - ln (1 - w)).
  exists (Rmin (exp (- K)) (1 - w)). split.
  { apply Rmin_glb_lt; [apply exp_pos | lra]. }
  intros q Hq.
  assert (H1 : 1 - q < exp (- K)) by (pose proof (Rmin_l (exp (- K)) (1 - w)); lra).
  assert (H2 : w < q) by (pose proof (Rmin_r (exp (- K)) (1 - w)); lra).
  assert (L1 : ln (1 - q) < - K).
  { rewrite <- (ln_exp (- K)). apply ln_increasing; lra. }
  assert (L2 : w * ln w <= w * ln (w / q)) by (apply xlog_lower; lra).
  unfold kl. rewrite (xlog_div (1 - w)) by lra.
  assert (E : M = w * ln w + (1 - w) * (K + ln (1 - w))) by (unfold K; field; lra).
  rewrite E.
  assert (L3 : (1 - w) * (K + ln (1 - w)) < (1 - w) * ln (1 - w) - (1 - w) * ln (1 - q)).
  { assert (0 < 1 - w) by lra. nra. }
  lra.
Qed.

(* The KL-UCB index is well defined: for every level L >= 0 there is exactly one
   U ∈ [w, 1) with D_KL(w‖U) = L, and it is max{q ∈ [w, 1) : D_KL(w‖q) <= L}. *)
Lemma kl_index_exists (w L : R) : 0 <= w < 1 -> 0 <= L ->
  exists U, w <= U < 1 /\ kl w U = L /\
    forall q, w <= q < 1 -> (kl w q <= L <-> q <= U).
Proof.
  intros Hw HL.
  destruct (kl_to_infinity w Hw L) as [d [Hd Hinf]].
  set (b := Rmax w (1 - d / 2)).
  assert (Hb : w <= b < 1) by (unfold b; split; [apply Rmax_l | apply Rmax_lub_lt; lra]).
  assert (Hb2 : 1 - d / 2 <= b) by apply Rmax_r.
  assert (Hkb : L < kl w b) by (apply Hinf; lra).
  assert (HU : exists U, w <= U < 1 /\ kl w U = L).
  { destruct (Rle_lt_or_eq_dec 0 L HL) as [Lpos | L0].
    - destruct (Ranalysis5.IVT_interv (fun q => kl w q - L) w b) as [U [HU KU]].
      + intros a Ha. apply continuity_pt_minus; [apply kl_cont; lra |].
        apply continuity_pt_const. intros x y. reflexivity.
      + destruct (Req_dec w b) as [E | N]; [| lra].
        rewrite <- E in Hkb. rewrite kl_self in Hkb. lra.
      + rewrite kl_self. lra.
      + lra.
      + exists U. split; lra.
    - exists w. split; [lra |]. rewrite kl_self. exact L0. }
  destruct HU as [U [HU KU]].
  exists U. split; [lra |]. split; [exact KU |].
  intros q Hq. split.
  - intro Hle. destruct (Rle_or_lt q U) as [Y | N]; [exact Y |].
    exfalso. pose proof (kl_strict_incr w U q Hw ltac:(lra) N ltac:(lra)). lra.
  - intro Hle. destruct (Req_dec q U) as [E | N]; [subst; lra |].
    left. rewrite <- KU. apply kl_strict_incr; lra.
Qed.

(* KL-MONO (003_f899901a464da92a.txt, section "KL-UCB"; 000_0b27131c69d8f24c.txt,
   "UCB の計算"): for w ∈ [0, 1), q ↦ D_KL(w‖q) has D_KL(w‖w) = 0, the derivative
   (q − w)/(q(1 − q)) on (0, 1), is strictly increasing and convex on [w, 1), tends to
   +∞ as q → 1⁻, and the index U = max{q ∈ [w, 1) : D_KL(w‖q) <= L} is well defined
   (the unique root of D_KL(w‖U) = L) for every level L >= 0.  The catalogue's
   T·D_KL(w‖q) <= g(t) is the level L = g(t)/T (T >= 1, g(t) >= 0); the edge w = 1
   (U = 1) is outside [w, 1) and is the catalogue's convention. *)
(*! claim KL-MONO *)
Theorem kl_mono (w : R) : 0 <= w < 1 ->
  kl w w = 0 /\
  (forall q, 0 < q < 1 -> is_derive (kl w) q ((q - w) / (q * (1 - q)))) /\
  (forall x y, w <= x -> x < y -> y < 1 -> kl w x < kl w y) /\
  (forall x y t, w <= x < 1 -> w <= y < 1 -> 0 <= t <= 1 ->
     kl w (t * x + (1 - t) * y) <= t * kl w x + (1 - t) * kl w y) /\
  (forall M, exists d, 0 < d /\ forall q, 1 - d < q < 1 -> M < kl w q) /\
  (forall L, 0 <= L -> exists U, w <= U < 1 /\ kl w U = L /\
     forall q, w <= q < 1 -> (kl w q <= L <-> q <= U)).
Proof.
  intro Hw. split; [apply kl_self |]. split.
  { intros q Hq. rewrite <- kl_d_formula by exact Hq. apply kl_derive; lra. }
  split; [intros x y; apply kl_strict_incr; exact Hw |].
  split; [apply kl_convex; exact Hw |].
  split; [apply kl_to_infinity; exact Hw |].
  intros L HL. apply kl_index_exists; assumption.
Qed.

(* ------------------------------------------------------------------ Pinsker *)

Definition pinsker_gap (p q : R) : R := kl p q - 2 * (p - q) ^ 2.

Lemma pinsker_gap_derive (p q : R) : 0 <= p <= 1 -> (0 < q \/ p = 0) -> (q < 1 \/ p = 1) ->
  is_derive (pinsker_gap p) q (kl_d p q + 4 * (p - q)).
Proof.
  intros Hp H0 H1.
  assert (Hk := kl_derive p q Hp H0 H1).
  assert (Hs : is_derive (fun x => 2 * (p - x) ^ 2) q (- (4 * (p - q)))).
  { auto_derive; [exact I | ring]. }
  pose proof (is_derive_minus _ _ _ _ _ Hk Hs) as H.
  apply is_derive_ext with (f := fun x => minus (kl p x) (2 * (p - x) ^ 2)).
  { intro x. unfold pinsker_gap, minus, plus, opp. simpl. ring. }
  replace (kl_d p q + 4 * (p - q)) with (minus (kl_d p q) (- (4 * (p - q)))).
  - exact H.
  - unfold minus, plus, opp. simpl. ring.
Qed.

(* g'(q) = (q − p)(1/(q(1 − q)) − 4) and 1/(q(1 − q)) >= 4 on (0, 1) *)
Lemma pinsker_gap_deriv_sign (p q : R) : 0 < q < 1 ->
  kl_d p q + 4 * (p - q) = (q - p) * ((1 - 2 * q) ^ 2 / (q * (1 - q))).
Proof. intro Hq. unfold kl_d. field. lra. Qed.

Lemma sq_frac_nonneg (q : R) : 0 < q < 1 -> 0 <= (1 - 2 * q) ^ 2 / (q * (1 - q)).
Proof.
  intro Hq. apply Rmult_le_pos; [apply pow2_ge_0 |].
  left. apply Rinv_0_lt_compat. apply Rmult_lt_0_compat; lra.
Qed.

Lemma pinsker_gap_cont (p q : R) : 0 <= p <= 1 -> (0 < q \/ p = 0) -> (q < 1 \/ p = 1) ->
  continuity_pt (pinsker_gap p) q.
Proof.
  intros. apply (continuity_of_derive _ _ (kl_d p q + 4 * (p - q))).
  apply pinsker_gap_derive; assumption.
Qed.

(* KL-PINSKER (003_f899901a464da92a.txt, section "KL-UCB", Pinsker's inequality):
   D_KL(p‖q) >= 2(p − q)² for every p ∈ [0, 1] and q ∈ (0, 1) (p ∈ {0, 1} with
   0 log 0 = 0).  Proof as in the catalogue's derivation: g(q) = D_KL(p‖q) − 2(p − q)²,
   g(p) = 0, g'(q) = (q − p)(1 − 2q)²/(q(1 − q)) has the sign of q − p; the mean value
   theorem on [p, q] (or [q, p]).  q ∈ {0, 1}, q ≠ p is D_KL = +∞, which has no real value. *)
Theorem kl_pinsker (p q : R) : 0 <= p <= 1 -> 0 < q < 1 -> 2 * (p - q) ^ 2 <= kl p q.
Proof.
  intros Hp Hq.
  assert (G0 : pinsker_gap p p = 0) by (unfold pinsker_gap; rewrite kl_self; ring).
  assert (Hdom : forall c, (0 < c < 1) \/ c = p -> (0 < c \/ p = 0) /\ (c < 1 \/ p = 1)).
  { intros c [Hc | Hc]; [split; left; lra |].
    subst c. split; [destruct (Req_dec p 0); [right | left]; lra |
                     destruct (Req_dec p 1); [right | left]; lra]. }
  assert (Gq : 0 <= pinsker_gap p q).
  { destruct (Rtotal_order p q) as [Lt | [Eq | Gt]].
    - rewrite <- G0. apply (nondecr_of_deriv (pinsker_gap p) (fun c => kl_d p c + 4 * (p - c)) p q).
      + lra.
      + intros c Hc. apply pinsker_gap_derive; try lra.
      + intros c Hc. destruct (Req_dec c p) as [E | N].
        * subst c. destruct (Hdom p (or_intror eq_refl)). apply pinsker_gap_cont; assumption.
        * apply pinsker_gap_cont; lra.
      + intros c Hc. rewrite pinsker_gap_deriv_sign by lra.
        apply Rmult_le_pos; [lra | apply sq_frac_nonneg; lra].
    - subst. lra.
    - rewrite <- G0. apply (nonincr_of_deriv (pinsker_gap p) (fun c => kl_d p c + 4 * (p - c)) q p).
      + lra.
      + intros c Hc. apply pinsker_gap_derive; try lra.
      + intros c Hc. destruct (Req_dec c p) as [E | N].
        * subst c. destruct (Hdom p (or_intror eq_refl)). apply pinsker_gap_cont; assumption.
        * apply pinsker_gap_cont; lra.
      + intros c Hc. rewrite pinsker_gap_deriv_sign by lra.
        assert (0 <= (1 - 2 * c) ^ 2 / (c * (1 - c))) by (apply sq_frac_nonneg; lra).
        nra. }
  unfold pinsker_gap in Gq. lra.
Qed.

(* KL-PINSKER exactly as registered (box [1/10^6, 1 − 1/10^6]² for p and q), a corollary
   of kl_pinsker above, which covers every p ∈ [0, 1], q ∈ (0, 1). *)
(*! claim KL-PINSKER *)
(*! args p q *)
Theorem kl_pinsker_registered_box (p q : R) :
  / 10 ^ 6 <= p <= 1 - / 10 ^ 6 -> / 10 ^ 6 <= q <= 1 - / 10 ^ 6 ->
  kl p q >= 2 * (p - q) ^ 2.
Proof.
  intros Hp Hq. replace (/ 10 ^ 6) with (1 / 1000000) in * by (simpl; field).
  apply Rle_ge. apply kl_pinsker; lra.
Qed.

(* Every q ∈ [w, 1) with T·D_KL(w‖q) <= g satisfies q <= w + sqrt(g/(2T)) (Pinsker),
   for every w ∈ [0, 1], T >= 1 and level g >= 0. *)
Theorem klucb_index_le_pinsker (w q T g : R) :
  0 <= w <= 1 -> w <= q < 1 -> 1 <= T -> 0 <= g -> T * kl w q <= g ->
  q <= w + sqrt (g / (2 * T)).
Proof.
  intros Hw Hq HT Hg Hkl.
  destruct (Req_dec q w) as [E | N].
  { subst. pose proof (sqrt_pos (g / (2 * T))). lra. }
  assert (Hq0 : 0 < q < 1) by lra.
  pose proof (kl_pinsker w q ltac:(lra) Hq0) as P.
  assert (S : (q - w) ^ 2 <= g / (2 * T)).
  { apply (Rmult_le_reg_l (2 * T)); [lra |].
    replace (2 * T * (g / (2 * T))) with g by (field; lra).
    replace ((q - w) ^ 2) with ((w - q) ^ 2) by ring. nra. }
  apply sqrt_le_1_alt in S. rewrite <- Rsqr_pow2, sqrt_Rsqr in S by lra. lra.
Qed.

(* The exploration level of the index, bounds.kl.klucb_threshold (000_0b27131c69d8f24c.txt,
   "UCB の計算": log t + 3 log log t, with the 3 log log t term dropped for t < 3). *)
Definition klucb_threshold (t : R) : R :=
  if Rlt_dec t 3 then ln t else ln t + 3 * ln (ln t).

Lemma klucb_threshold_nonneg (t : R) : 1 <= t -> 0 <= klucb_threshold t.
Proof.
  intro Ht. unfold klucb_threshold. pose proof ln_1 as L1.
  assert (L : ln 1 <= ln t) by (apply ln_le; lra).
  destruct (Rlt_dec t 3) as [Y | N]; [lra |].
  assert (L3 : 1 <= ln t).
  { rewrite <- (ln_exp 1). apply ln_le; [apply exp_pos |]. pose proof exp_le_3. lra. }
  assert (LL : ln 1 <= ln (ln t)) by (apply ln_le; lra).
  lra.
Qed.

(* The KL-UCB feasible set {q ∈ [w, 1] : T·D_KL(w‖q) <= g(t)} with the catalogue's
   conventions at q = 1: D_KL(w‖1) = +∞ unless w = 1, where it is 0. *)
Definition klucb_feasible (w T t q : R) : Prop :=
  (w <= q < 1 /\ T * kl w q <= klucb_threshold t) \/ (q = 1 /\ w = 1).

(* KL-PINSKER/index (003_f899901a464da92a.txt, section "KL-UCB"; 000_0b27131c69d8f24c.txt,
   "UCB の計算"): for every w ∈ [0, 1], T >= 1, t >= 1, every feasible q — in particular
   the KL-UCB index U(w, T, t) = max{q ∈ [w, 1] : T·D_KL(w‖q) <= g(t)}, which exists by
   kl_mono — satisfies q <= w + sqrt(g(t)/(2T)). *)
(*! claim KL-PINSKER/index *)
Theorem klucb_index_le_pinsker_threshold (w T t q : R) :
  0 <= w <= 1 -> 1 <= T -> 1 <= t -> klucb_feasible w T t q ->
  q <= w + sqrt (klucb_threshold t / (2 * T)).
Proof.
  intros Hw HT Ht [[Hq Hkl] | [E1 E2]].
  - apply klucb_index_le_pinsker; try assumption. apply klucb_threshold_nonneg; exact Ht.
  - subst. pose proof (sqrt_pos (klucb_threshold t / (2 * T))). lra.
Qed.
