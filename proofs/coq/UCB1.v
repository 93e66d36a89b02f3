(* The UCB1 regret proof of source 002 (002_3ec5ec57f55c1fdf.txt, article
   多腕バンディットアルゴリズムのリグレット解析, sections "Upper Confidence Boundアルゴリズム"
   and "リグレット上界の導出"): the series bound UCB1-SUM, the corrected count step
   UCB1-COUNT-AS-PRINTED/corrected, the chain UCB1-CHAIN, the radius doubling and the
   per-arm bound identity UCB1-BOUND/corrected.

   The source's sum bound goes through ∫_1^∞ x^{−α} dx; here no integral is used: each
   term t^{−α} (t >= 2) is at most ((t − 1)^{1−α} − t^{1−α})/(α − 1) by the mean value
   theorem for s ↦ s^{1−α}, and the sum telescopes (induction on T). *)

Set Warnings "-ambiguous-paths".
From Coq Require Import Reals Lra Lia List.
From Coquelicot Require Import Coquelicot.
From Clickbound Require Import KL.
Open Scope R_scope.

(* ------------------------------------------------------------------ UCB1-SUM *)

(* Σ_{t=1}^{T} t^{−α} *)
Fixpoint psum (alpha : R) (T : nat) : R :=
  match T with
  | O => 0
  | S k => psum alpha k + Rpower (INR (S k)) (- alpha)
  end.

Lemma exp_le_mono (x y : R) : x <= y -> exp x <= exp y.
Proof.
  intro H. destruct (Rle_lt_or_eq_dec x y H) as [L | E].
  - left. apply exp_increasing. exact L.
  - subst. lra.
Qed.

Lemma Rpower_1_base (y : R) : Rpower 1 y = 1.
Proof. unfold Rpower. rewrite ln_1, Rmult_0_r. apply exp_0. Qed.

Lemma Rpower_pos (x y : R) : 0 < Rpower x y.
Proof. unfold Rpower. apply exp_pos. Qed.

(* t^{−α} <= c^{−α} for 0 < c <= t, α >= 0 *)
Lemma Rpower_neg_antitone (c t alpha : R) : 0 < c -> c <= t -> 0 <= alpha ->
  Rpower t (- alpha) <= Rpower c (- alpha).
Proof.
  intros Hc Hct Ha. unfold Rpower. apply exp_le_mono.
  assert (ln c <= ln t) by (apply ln_le; lra). nra.
Qed.

(* the mean value theorem step: for α > 1 and s >= 2 (any real s >= 1 + something > 0),
   s^{−α} <= ((s − 1)^{1−α} − s^{1−α})/(α − 1) *)
Lemma term_le_telescope (alpha s : R) : 1 < alpha -> 1 < s ->
  Rpower s (- alpha) <= (Rpower (s - 1) (1 - alpha) - Rpower s (1 - alpha)) / (alpha - 1).
Proof.
  intros Ha Hs.
  destruct (mvt_open (fun x => Rpower x (1 - alpha)) (fun x => (1 - alpha) * Rpower x (- alpha))
              (s - 1) s ltac:(lra)) as [c [Hc E]].
  - intros c Hc. apply is_derive_Reals.
    replace (- alpha) with (1 - alpha - 1) by ring. apply derivable_pt_lim_power. lra.
  - intros c Hc. apply (continuity_of_derive _ _ ((1 - alpha) * Rpower c (- alpha))).
    apply is_derive_Reals. replace (- alpha) with (1 - alpha - 1) by ring.
    apply derivable_pt_lim_power. lra.
  - replace (s - (s - 1)) with 1 in E by ring. rewrite Rmult_1_r in E.
    assert (M : Rpower s (- alpha) <= Rpower c (- alpha)) by (apply Rpower_neg_antitone; lra).
    apply (Rmult_le_reg_l (alpha - 1)); [lra |].
    replace ((alpha - 1) * ((Rpower (s - 1) (1 - alpha) - Rpower s (1 - alpha)) / (alpha - 1)))
      with (Rpower (s - 1) (1 - alpha) - Rpower s (1 - alpha)) by (field; lra).
    assert (Rpower (s - 1) (1 - alpha) - Rpower s (1 - alpha) = (alpha - 1) * Rpower c (- alpha))
      by lra.
    rewrite H. apply Rmult_le_compat_l; lra.
Qed.

Lemma psum_telescope (alpha : R) (T : nat) : 1 < alpha -> (1 <= T)%nat ->
  psum alpha T <= 1 + (1 - Rpower (INR T) (1 - alpha)) / (alpha - 1).
Proof.
  intros Ha HT. induction T as [| k IH]; [lia |].
  destruct k as [| k].
  - simpl psum. replace (INR 1) with 1 by reflexivity. rewrite !Rpower_1_base.
    replace ((1 - 1) / (alpha - 1)) with 0 by (field; lra). lra.
  - specialize (IH ltac:(lia)).
    change (psum alpha (S (S k))) with (psum alpha (S k) + Rpower (INR (S (S k))) (- alpha)).
    assert (Hs : 1 < INR (S (S k))).
    { rewrite S_INR. pose proof (pos_INR (S k)). assert (0 < INR (S k)) by (apply lt_0_INR; lia). lra. }
    pose proof (term_le_telescope alpha (INR (S (S k))) Ha Hs) as St.
    replace (INR (S (S k)) - 1) with (INR (S k)) in St by (rewrite (S_INR (S k)); ring).
    assert (E : 1 + (1 - Rpower (INR (S k)) (1 - alpha)) / (alpha - 1)
                + (Rpower (INR (S k)) (1 - alpha) - Rpower (INR (S (S k))) (1 - alpha)) / (alpha - 1)
                = 1 + (1 - Rpower (INR (S (S k))) (1 - alpha)) / (alpha - 1)) by (field; lra).
    lra.
Qed.

(* UCB1-SUM/all-alpha (002_3ec5ec57f55c1fdf.txt, リグレット上界の導出: "2 \sum_{t = 1}^T t^{- \alpha}
   \leqq 2 ( 1 + \int_1^{\infty} x^{-\alpha} dx ) = \frac{2 \alpha}{\alpha - 1}"):
   Σ_{t=1}^{T} t^{−α} <= α/(α − 1) for every α > 1 and every T (T >= 1; T = 0 is the
   empty sum).  The integral ∫_1^∞ x^{−α} dx = 1/(α − 1) itself is not formalised: the
   bound 1 + 1/(α − 1) = α/(α − 1) is proved directly by telescoping. *)
(*! claim UCB1-SUM/all-alpha *)
Theorem ucb1_sum_all_alpha (alpha : R) (T : nat) : 1 < alpha ->
  psum alpha T <= alpha / (alpha - 1).
Proof.
  intro Ha. destruct T as [| k].
  - simpl. apply Rlt_le. apply Rdiv_lt_0_compat; lra.
  - pose proof (psum_telescope alpha (S k) Ha ltac:(lia)) as H.
    pose proof (Rpower_pos (INR (S k)) (1 - alpha)) as P.
    assert (E : alpha / (alpha - 1) = 1 + 1 / (alpha - 1)) by (field; lra).
    rewrite E.
    assert ((1 - Rpower (INR (S k)) (1 - alpha)) / (alpha - 1) <= 1 / (alpha - 1)).
    { unfold Rdiv. apply Rmult_le_compat_r; [left; apply Rinv_0_lt_compat; lra | lra]. }
    lra.
Qed.

Lemma psum_growing (alpha : R) : Un_growing (psum alpha).
Proof.
  intro n. change (psum alpha (S n)) with (psum alpha n + Rpower (INR (S n)) (- alpha)).
  pose proof (Rpower_pos (INR (S n)) (- alpha)). lra.
Qed.

(* UCB1-SUM (002_3ec5ec57f55c1fdf.txt, リグレット上界の導出: "2 \sum_{t = 1}^T t^{- \alpha} \leqq
   ... = \frac{2 \alpha}{\alpha - 1}"): for α > 1 the series Σ_{t>=1} t^{−α} converges,
   and twice its sum (the union bound's 2 Σ_t t^{−α}) is at most 2α/(α − 1); so is
   twice every partial sum. *)
(*! claim UCB1-SUM *)
Theorem ucb1_sum (alpha : R) : 1 < alpha ->
  (forall T, 2 * psum alpha T <= 2 * alpha / (alpha - 1)) /\
  exists l, Un_cv (psum alpha) l /\ 2 * l <= 2 * alpha / (alpha - 1).
Proof.
  intro Ha.
  assert (B : forall T, 2 * psum alpha T <= 2 * alpha / (alpha - 1)).
  { intro T. pose proof (ucb1_sum_all_alpha alpha T Ha).
    replace (2 * alpha / (alpha - 1)) with (2 * (alpha / (alpha - 1))) by (field; lra). lra. }
  split; [exact B |].
  destruct (growing_cv (psum alpha) (psum_growing alpha)) as [l Hl].
  { exists (alpha / (alpha - 1)). intros x [T E]. subst x. apply ucb1_sum_all_alpha; exact Ha. }
  exists l. split; [exact Hl |].
  destruct (Rle_or_lt (2 * l) (2 * alpha / (alpha - 1))) as [Y | N]; [exact Y | exfalso].
  destruct (Hl (l - alpha / (alpha - 1))) as [N0 HN].
  { replace (2 * alpha / (alpha - 1)) with (2 * (alpha / (alpha - 1))) in N by (field; lra). lra. }
  specialize (HN N0 (le_n N0)). specialize (B N0). unfold R_dist in HN.
  replace (2 * alpha / (alpha - 1)) with (2 * (alpha / (alpha - 1))) in B, N by (field; lra).
  apply Rabs_def2 in HN. lra.
Qed.

(* ------------------------------------------------------------------ UCB1-COUNT *)

(* UCB1-COUNT-AS-PRINTED/corrected (002_3ec5ec57f55c1fdf.txt, リグレット上界の導出: "T_{a, t}について
   整理すると"): with Δ_a = μ_1 − μ_a > 0, T > 0, t > 1 and α > 0,
   μ_1 <= μ_a + sqrt(2α log t/T)  ⇔  T <= 2αΔ_a^{−2} log t. *)
(*! claim UCB1-COUNT-AS-PRINTED/corrected *)
Theorem ucb1_count_corrected (mu1 mua alpha T t : R) :
  0 < alpha -> 0 < T -> 1 < t -> 0 < mu1 - mua ->
  (mu1 <= mua + sqrt (2 * alpha * ln t / T) <-> T <= 2 * alpha * ln t / (mu1 - mua) ^ 2).
Proof.
  intros Ha HT Ht HD.
  assert (Hl : 0 < ln t) by (rewrite <- ln_1; apply ln_increasing; lra).
  set (D := mu1 - mua). fold D in HD.
  assert (HX : 0 <= 2 * alpha * ln t / T) by (apply Rlt_le, Rdiv_lt_0_compat; [nra | lra]).
  assert (HD2 : 0 < D ^ 2) by (apply pow_lt; lra).
  split.
  - intro H. assert (S : D <= sqrt (2 * alpha * ln t / T)) by (unfold D; lra).
    apply (Rsqr_incr_1 D (sqrt _)) in S; [| lra | apply sqrt_pos].
    rewrite Rsqr_sqrt in S by exact HX. rewrite Rsqr_pow2 in S.
    apply (Rmult_le_reg_r (D ^ 2)); [exact HD2 |].
    replace (2 * alpha * ln t / D ^ 2 * D ^ 2) with (2 * alpha * ln t) by (field; lra).
    apply (Rmult_le_compat_l T) in S; [| lra].
    replace (T * (2 * alpha * ln t / T)) with (2 * alpha * ln t) in S by (field; lra). lra.
  - intro H. enough (D <= sqrt (2 * alpha * ln t / T)) by (unfold D in H0; lra).
    rewrite <- (sqrt_pow2 D) by lra. apply sqrt_le_1_alt.
    apply (Rmult_le_reg_l T); [lra |].
    replace (T * (2 * alpha * ln t / T)) with (2 * alpha * ln t) by (field; lra).
    apply (Rmult_le_compat_r (D ^ 2)) in H; [| lra].
    replace (2 * alpha * ln t / D ^ 2 * D ^ 2) with (2 * alpha * ln t) in H by (field; lra). lra.
Qed.

(* UCB1-COUNT-AS-PRINTED/corrected[engine] (the same step as a polynomial claim, L = log t):
   Δ²T <= 2Lα ⇒ T <= 2Lα/Δ², for every Δ > 0 (the registered box α ∈ [1, 4], Δ ∈ [1/100, 1],
   T ∈ [1, 1000], L ∈ [1/100, 20] is a special case). *)
(*! claim UCB1-COUNT-AS-PRINTED/corrected[engine] *)
(*! args alpha Delta T L *)
Theorem ucb1_count_corrected_engine (alpha Delta T L : R) : 0 < Delta ->
  Delta ^ 2 * T <= 2 * L * alpha -> T <= 2 * L * alpha / Delta ^ 2.
Proof.
  intros HD H. assert (HD2 : 0 < Delta ^ 2) by (apply pow_lt; lra).
  apply (Rmult_le_reg_r (Delta ^ 2)); [exact HD2 |].
  replace (2 * L * alpha / Delta ^ 2 * Delta ^ 2) with (2 * L * alpha) by (field; lra). lra.
Qed.

(* The printed step (UCB1-COUNT-AS-PRINTED, expected false: "T_{a, t} \leqq 2 \Delta_a^{-2}
   \log t", α dropped) as a statement about every α > 1 ... *)
Definition ucb1_count_as_printed : Prop :=
  forall mu1 mua alpha T t : R, 1 < alpha -> 0 < T -> 1 < t -> 0 < mu1 - mua ->
    mu1 <= mua + sqrt (2 * alpha * ln t / T) -> T <= 2 * ln t / (mu1 - mua) ^ 2.

(* ... is false: α = 2, Δ = 1/2 (μ_1 = 1, μ_a = 1/2), t = 3, T = 10, the catalogue's
   counterexample.  This refutes UCB1-COUNT-AS-PRINTED (expected false in the catalogue);
   it is not tagged as a proof of that claim. *)
Theorem ucb1_count_as_printed_false : ~ ucb1_count_as_printed.
Proof.
  intro H.
  assert (L3lo : 5 / 8 <= ln 3).
  { rewrite <- (ln_exp (5 / 8)). apply ln_le; [apply exp_pos |].
    pose proof exp_le_3. assert (exp (5 / 8) <= exp 1) by (apply exp_le_mono; lra). lra. }
  assert (L3hi : ln 3 < 5 / 4).
  { rewrite <- (ln_exp (5 / 4)). apply ln_increasing; [lra |].
    assert (E : exp (5 / 4) = exp (/ 8) ^ 10).
    { rewrite <- Rpower_pow by apply exp_pos. unfold Rpower. rewrite ln_exp.
      f_equal. simpl. field. }
    rewrite E. assert (B : 1 + / 8 < exp (/ 8)) by (apply exp_ineq1; lra).
    apply Rlt_le_trans with ((1 + / 8) ^ 10).
    - simpl. lra.
    - apply pow_incr. lra. }
  assert (P := H 1 (1 / 2) 2 10 3 ltac:(lra) ltac:(lra) ltac:(lra) ltac:(lra)).
  assert (Prem : 1 <= 1 / 2 + sqrt (2 * 2 * ln 3 / 10)).
  { assert (1 / 2 <= sqrt (2 * 2 * ln 3 / 10)); [| lra].
    rewrite <- (sqrt_pow2 (1 / 2)) by lra. apply sqrt_le_1_alt. simpl. lra. }
  specialize (P Prem). replace ((1 - 1 / 2) ^ 2) with (/ 4) in P by (simpl; field).
  replace (2 * ln 3 / / 4) with (8 * ln 3) in P by (field). lra.
Qed.

(* ------------------------------------------------------------------ UCB1-CHAIN *)

(* UCB1-CHAIN (002_3ec5ec57f55c1fdf.txt, リグレット上界の導出: "\mu_1 \leqq \hat{\mu}_{1, ...} + ...
   \because B_t"): B_t (μ̂_1 >= μ_1 − r_1), A_t (μ̂_a <= μ_a + r_a) and the choice of a
   (μ̂_a + r_a >= μ̂_1 + r_1) give μ_1 <= μ_a + 2 r_a, for all reals (the registered box
   [0, 1]⁴ × [0, 10]² is a special case). *)
(*! claim UCB1-CHAIN *)
(*! args mu1 muhat1 r1 mua muhata ra *)
Theorem ucb1_chain (mu1 muhat1 r1 mua muhata ra : R) :
  muhat1 >= mu1 - r1 -> muhata <= mua + ra -> muhata + ra >= muhat1 + r1 ->
  mu1 <= mua + 2 * ra.
Proof. intros. lra. Qed.

Lemma sqrt_4x (x : R) : sqrt (4 * x) = 2 * sqrt x.
Proof.
  destruct (Rle_or_lt 0 x) as [H | H].
  - rewrite sqrt_mult by lra. replace 4 with (2 ^ 2) by ring. rewrite sqrt_pow2 by lra. reflexivity.
  - rewrite !sqrt_neg_0 by lra. ring.
Qed.

(* UCB1-CHAIN/radius-doubling (002_3ec5ec57f55c1fdf.txt, リグレット上界の導出: "両辺に ... を足せば"):
   2 sqrt(α L/(2T)) = sqrt(2α L/T) for every T > 0 (α, L arbitrary; the registered box
   α ∈ [1/10, 10], L ∈ [0, 20], T ∈ [1, 1000] is a special case). *)
(*! claim UCB1-CHAIN/radius-doubling *)
(*! args alpha L T *)
Theorem ucb1_radius_doubling (alpha L T : R) : 0 < T ->
  2 * sqrt (alpha * L / (2 * T)) = sqrt (2 * alpha * L / T).
Proof.
  intro HT. rewrite <- sqrt_4x. f_equal. field. lra.
Qed.

(* ------------------------------------------------------------------ UCB1-BOUND *)

Fixpoint sum_list (f : R -> R) (l : list R) : R :=
  match l with
  | nil => 0
  | d :: l' => f d + sum_list f l'
  end.

Lemma sum_list_scale2 (f g : R -> R) (l : list R) :
  List.Forall (fun d => f d = 2 * g d) l -> sum_list f l = 2 * sum_list g l.
Proof.
  intro H. induction H as [| d l Hd Hl IH]; simpl; [ring |]. rewrite IH, Hd. ring.
Qed.

(* UCB1-BOUND/corrected (002_3ec5ec57f55c1fdf.txt, リグレット上界の導出, the last display with α
   kept): for every list of gaps Δ_a > 0 (any number of suboptimal arms) and α ≠ 1,
   Σ_a Δ_a (2αΔ_a^{−2} log T + 2α/(α − 1)) = 2 Σ_a (α log T/Δ_a + αΔ_a/(α − 1)). *)
(*! claim UCB1-BOUND/corrected *)
Theorem ucb1_bound_corrected (alpha logT : R) (deltas : list R) :
  alpha <> 1 -> List.Forall (fun d => 0 < d) deltas ->
  sum_list (fun d => d * (2 * alpha * / d ^ 2 * logT + 2 * alpha / (alpha - 1))) deltas =
  2 * sum_list (fun d => alpha * logT / d + alpha * d / (alpha - 1)) deltas.
Proof.
  intros Ha Hd. apply sum_list_scale2. eapply Forall_impl; [| exact Hd].
  intros d Hd0. simpl. field. split; [lra |]. lra.
Qed.

(* UCB1-BOUND/as-printed-derivation (expected false): the bound the steps give exceeds the
   printed 2 Σ_a (log T/Δ_a + αΔ_a/(α − 1)) by 2(α − 1) log T Σ_a 1/Δ_a > 0 (α > 1, T > 1);
   shown here per arm.  This refutes the claim (and its one-arm engine form
   UCB1-BOUND/as-printed-derivation[engine]); it is not tagged as a proof of them. *)
Theorem ucb1_bound_printed_below_derived (alpha L Delta : R) :
  1 < alpha -> 0 < L -> 0 < Delta ->
  2 * (alpha * L / Delta + alpha * Delta / (alpha - 1)) -
  2 * (L / Delta + alpha * Delta / (alpha - 1)) = 2 * (alpha - 1) * L / Delta /\
  ~ (2 * (alpha * L / Delta + alpha * Delta / (alpha - 1)) <=
     2 * (L / Delta + alpha * Delta / (alpha - 1))).
Proof.
  intros Ha HL HD.
  assert (E : 2 * (alpha * L / Delta + alpha * Delta / (alpha - 1)) -
              2 * (L / Delta + alpha * Delta / (alpha - 1)) = 2 * (alpha - 1) * L / Delta)
    by (field; lra).
  split; [exact E |].
  assert (0 < 2 * (alpha - 1) * L / Delta) by (apply Rdiv_lt_0_compat; [nra | lra]).
  lra.
Qed.

(* UCB1-SUM/no-alpha-condition (expected false): the t = 1 term alone, 2 <= 2α/(α − 1),
   fails for every α ∈ (0, 1) (the registered box α ∈ [1/10, 9/10]): the source never
   states α > 1.  Refutation, not tagged as a proof. *)
Theorem ucb1_sum_needs_alpha_gt_1 (alpha : R) : 0 < alpha < 1 ->
  ~ (2 <= 2 * alpha / (alpha - 1)).
Proof.
  intros Ha H. assert (2 * alpha / (alpha - 1) < 0).
  { unfold Rdiv. assert (/ (alpha - 1) < 0) by (apply Rinv_lt_0_compat; lra). nra. }
  lra.
Qed.

(* ------------------------------------------------------------------ UCB1-INDEX *)

(* pulls of the arm before round t (rounds 0..t−1): the algorithm's count T_{a,t−1} *)
Fixpoint npulls (pull : nat -> bool) (t : nat) : nat :=
  match t with O => O | S k => (npulls pull k + if pull k then 1 else 0)%nat end.

(* rounds t < n at which the arm is pulled while its count T_{a,t−1} is <= L *)
Fixpoint nrounds (pull : nat -> bool) (L : R) (n : nat) : nat :=
  match n with
  | O => O
  | S k => (nrounds pull L k +
            if pull k then (if Rle_dec (INR (npulls pull k)) L then 1 else 0) else 0)%nat
  end.

Lemma nrounds_inv (pull : nat -> bool) (L : R) (m n : nat) : L < INR m + 1 ->
  (nrounds pull L n <= npulls pull n /\ nrounds pull L n <= S m)%nat.
Proof.
  intro HL. induction n as [| k [IH1 IH2]]; simpl; [lia |].
  destruct (pull k); [| lia].
  destruct (Rle_dec (INR (npulls pull k)) L) as [Y | N]; [| lia].
  assert (Hk : (npulls pull k < S m)%nat).
  { apply INR_lt. rewrite S_INR. lra. }
  lia.
Qed.

(* UCB1-INDEX/count-plus-one (002_3ec5ec57f55c1fdf.txt, リグレット上界の導出 with the algorithm's
   counts T_{a,t−1}, ERR-UCB1-INDEX-MISMATCH): for every pull sequence, every n and every L >= 0,
   the rounds with a(t) = a and T_{a,t−1} <= L number at most floor(L) + 1 — stated for every
   natural m with L < m + 1, of which m = floor(L) is one. *)
(*! claim UCB1-INDEX/count-plus-one *)
Theorem ucb1_count_plus_one (pull : nat -> bool) (L : R) (m n : nat) :
  0 <= L -> L < INR m + 1 -> (nrounds pull L n <= m + 1)%nat.
Proof. intros _ HL. destruct (nrounds_inv pull L m n HL). lia. Qed.
