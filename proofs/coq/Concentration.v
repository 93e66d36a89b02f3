(* Hoeffding's lemma, Hoeffding's inequality, Markov and Chebyshev (source 002,
   002_3ec5ec57f55c1fdf.txt, article 有用な確率不等式のまとめ, sections "Markov's inequality /
   Chebyshev's inequality" and "Hoeffding's inequality").

   Probability is formalised abstractly; a measure-theoretic probability space is out of
   reach with the standard library.
   * A law of a random variable X with a <= X <= b is a functional L g = E[g(X)] on
     continuous g that is monotone on [a, b] and affine (L(c·x + d) = c·E[X] + d): every
     probability law supported in [a, b] has these properties.
   * An expectation on a sample space Ω is a functional E : (Ω → R) → R that is monotone
     (pointwise), linear and has E[1] = 1; P(A) is E of the indicator of A.  Every finite
     probability space is an instance (the two-point space below is one).  E is defined
     on all functions Ω → R, which a measure-theoretic expectation is not: the theorems
     apply to finite (and, by the same proof, to any) probability spaces on the bounded
     measurable functions they use.
   * Independence of X_1..X_n enters only as the factorisation of the moment generating
     function, E[Π_i e^{sZ_i}] = Π_i E[e^{sZ_i}] (the source's step "∵ independency"),
     which independence implies. *)

Set Warnings "-ambiguous-paths".
From Coq Require Import Reals Lra Lia FunctionalExtensionality.
From Coquelicot Require Import Coquelicot.
From Clickbound Require Import KL.
Open Scope R_scope.

(* ------------------------------------------------------------ φ of the source's proof *)

(* φ(u) = log(p e^{(1−p)u} + (1 − p) e^{−pu})  (source: "\phi (u) = \log ( pe^{(1 - p)u} + (1 - p)e^{-pu} )") *)
Definition phi (p u : R) : R := ln (p * exp ((1 - p) * u) + (1 - p) * exp (- p * u)).
Definition rho (p u : R) : R := p * exp u / (1 - p + p * exp u).
Definition dphi (p u : R) : R := - p + rho p u.
Definition d2phi (p u : R) : R := rho p u * (1 - rho p u).

Lemma denom_pos (p u : R) : 0 <= p <= 1 -> 0 < 1 - p + p * exp u.
Proof.
  intro Hp. pose proof (exp_pos u). destruct (Rle_lt_or_eq_dec p 1 (proj2 Hp)) as [L | E].
  - assert (0 <= p * exp u) by (apply Rmult_le_pos; lra). lra.
  - subst. lra.
Qed.

Lemma phi_alt (p u : R) : 0 <= p <= 1 -> phi p u = - p * u + ln (1 - p + p * exp u).
Proof.
  intro Hp. unfold phi.
  replace (p * exp ((1 - p) * u) + (1 - p) * exp (- p * u))
    with (exp (- p * u) * (1 - p + p * exp u)).
  - rewrite ln_mult by (apply exp_pos || apply denom_pos; exact Hp). rewrite ln_exp. ring.
  - replace ((1 - p) * u) with (- p * u + u) by ring. rewrite exp_plus. ring.
Qed.

(* source: "\phi(0) = \log (p - (1 - p)) = 0" (ERR-HLEMMA-PHI0: log(p + (1 − p)) meant) *)
Lemma phi_0 (p : R) : 0 <= p <= 1 -> phi p 0 = 0.
Proof.
  intro Hp. rewrite phi_alt by exact Hp. rewrite exp_0.
  replace (1 - p + p * 1) with 1 by ring. rewrite ln_1. ring.
Qed.

(* source: "\phi'(u) = -p + \frac{p e^u}{1 - p + p e^u}", "\phi'(0) = 0" *)
Lemma phi_derive (p u : R) : 0 <= p <= 1 -> is_derive (phi p) u (dphi p u).
Proof.
  intro Hp. apply is_derive_ext with (f := fun x => - p * x + ln (1 - p + p * exp x)).
  { intro x. rewrite phi_alt by exact Hp. reflexivity. }
  pose proof (denom_pos p u Hp). unfold dphi, rho. auto_derive.
  - lra.
  - field. lra.
Qed.

Lemma dphi_0 (p : R) : dphi p 0 = 0.
Proof. unfold dphi, rho. rewrite exp_0. field_simplify; [ring | lra]. Qed.

(* source: "\phi'' (u) = \frac{1 - p}{1 - p + pe^u} \cdot \frac{pe^u}{1 - p + pe^u}" = ρ(1 − ρ) *)
Lemma dphi_derive (p u : R) : 0 <= p <= 1 -> is_derive (dphi p) u (d2phi p u).
Proof.
  intro Hp. pose proof (denom_pos p u Hp). unfold dphi, d2phi, rho. auto_derive.
  - lra.
  - field. lra.
Qed.

(* source: "... \leqq \frac{1}{4}" *)
Lemma d2phi_le (p u : R) : d2phi p u <= 1 / 4.
Proof.
  unfold d2phi. set (r := rho p u). assert (0 <= (r - 1 / 2) ^ 2) by apply pow2_ge_0. nra.
Qed.

(* Taylor's theorem with the Lagrange remainder, order 2, for a twice differentiable f:
   f(u) = f(0) + u f'(0) + (u²/2) f''(v) for some v between 0 and u.  This is the step
   ERR-HLEMMA-TAYLOR corrects: the source prints φ''(0) where φ''(v) is meant. *)
Lemma taylor_lagrange2 (f df d2f : R -> R) (u : R) :
  (forall x, is_derive f x (df x)) -> (forall x, is_derive df x (d2f x)) ->
  exists v, Rmin 0 u <= v <= Rmax 0 u /\ f u = f 0 + u * df 0 + u ^ 2 / 2 * d2f v.
Proof.
  intros Hf Hdf. destruct (Req_dec u 0) as [U0 | U0].
  { exists 0. subst. rewrite Rmin_left, Rmax_left by lra. split; [lra | simpl; lra]. }
  set (K := 2 * (f u - f 0 - u * df 0) / u ^ 2).
  set (F := fun x => f u - f x - (u - x) * df x - K * (u - x) ^ 2 / 2).
  set (dF := fun x => (u - x) * (K - d2f x)).
  assert (HF : forall x, is_derive F x (dF x)).
  { intro x. unfold F, dF.
    assert (Hfx := Hf x). assert (Hdfx := Hdf x).
    auto_derive.
    - repeat split; [exists (df x); exact Hfx | exists (d2f x); exact Hdfx].
    - replace (Derive (fun x0 => f x0) x) with (df x) by (symmetry; apply is_derive_unique; exact Hfx).
      replace (Derive (fun x0 => df x0) x) with (d2f x) by (symmetry; apply is_derive_unique; exact Hdfx).
      field. }
  assert (F0 : F 0 = 0).
  { unfold F, K. field. exact U0. }
  assert (Fu : F u = 0) by (unfold F; field).
  assert (Hc : forall x, continuity_pt F x) by (intro x; apply (continuity_of_derive _ _ (dF x)); apply HF).
  destruct (Rlt_or_le 0 u) as [Pos | Neg].
  - destruct (mvt_open F dF 0 u Pos (fun c _ => HF c) (fun c _ => Hc c)) as [c [Hc1 E]].
    rewrite F0, Fu in E. unfold dF in E.
    assert (EK : K = d2f c).
    { assert (NZ : (u - c) * (u - 0) <> 0) by (apply Rmult_integral_contrapositive; split; lra).
      apply Rminus_diag_uniq. apply (Rmult_eq_reg_l ((u - c) * (u - 0))); [| exact NZ].
      replace ((u - c) * (u - 0) * (K - d2f c)) with ((u - c) * (K - d2f c) * (u - 0)) by ring.
      rewrite <- E. ring. }
    exists c. rewrite Rmin_left, Rmax_right by lra. split; [lra |].
    rewrite <- EK. unfold K. field. exact U0.
  - destruct (mvt_open F dF u 0 ltac:(lra) (fun c _ => HF c) (fun c _ => Hc c)) as [c [Hc1 E]].
    rewrite F0, Fu in E. unfold dF in E.
    assert (EK : K = d2f c).
    { assert (NZ : (u - c) * (0 - u) <> 0) by (apply Rmult_integral_contrapositive; split; lra).
      apply Rminus_diag_uniq. apply (Rmult_eq_reg_l ((u - c) * (0 - u))); [| exact NZ].
      replace ((u - c) * (0 - u) * (K - d2f c)) with ((u - c) * (K - d2f c) * (0 - u)) by ring.
      rewrite <- E. ring. }
    exists c. rewrite Rmin_right, Rmax_left by lra. split; [lra |].
    rewrite <- EK. unfold K. field. exact U0.
Qed.

(* source: "テイラーの定理より, 0 \leqq v \leqq u となる v が存在して, \phi(u) = \phi(0) + u \phi'(0)
   + \frac{u^2}{2} \phi''(v) \leqq \frac{u^2}{8}" (with φ''(v), as ERR-HLEMMA-TAYLOR states) *)
Lemma phi_taylor (p u : R) : 0 <= p <= 1 ->
  exists v, Rmin 0 u <= v <= Rmax 0 u /\ phi p u = phi p 0 + u * dphi p 0 + u ^ 2 / 2 * d2phi p v.
Proof.
  intro Hp. apply taylor_lagrange2; intro x; [apply phi_derive | apply dphi_derive]; exact Hp.
Qed.

Lemma phi_le (p u : R) : 0 <= p <= 1 -> phi p u <= u ^ 2 / 8.
Proof.
  intro Hp. destruct (phi_taylor p u Hp) as [v [_ E]].
  rewrite E, phi_0, dphi_0 by exact Hp. pose proof (d2phi_le p v).
  assert (0 <= u ^ 2) by apply pow2_ge_0. nra.
Qed.

(* ------------------------------------------------------------ the chord step *)

Lemma exp_le_mono (x y : R) : x <= y -> exp x <= exp y.
Proof.
  intro H. destruct (Rle_lt_or_eq_dec x y H) as [L | E]; [left; apply exp_increasing; exact L |].
  subst. lra.
Qed.

Lemma exp_convex (x y t : R) : 0 <= t <= 1 -> exp (t * x + (1 - t) * y) <= t * exp x + (1 - t) * exp y.
Proof.
  intro Ht.
  apply (convex_of_deriv_mono exp exp (Rmin x y) (Rmax x y + 1)).
  - intros c _. auto_derive; [exact I | ring].
  - intros c1 c2 _ H _. apply exp_le_mono. exact H.
  - split; [apply Rmin_l | pose proof (Rmax_l x y); lra].
  - split; [apply Rmin_r | pose proof (Rmax_r x y); lra].
  - exact Ht.
Qed.

(* source: "e^{sx} \leqq \lambda e^{sa} + (1 - \lambda) e^{sb} = \frac{b - x}{b - a} e^{sa} +
   \frac{x - a}{b - a} e^{sb}" with λ = (b − x)/(b − a) (and sx = s(λa + (1 − λ)b)) *)
Lemma exp_chord (s a b x : R) : a < b -> a <= x <= b ->
  exp (s * x) <= (b - x) / (b - a) * exp (s * a) + (x - a) / (b - a) * exp (s * b).
Proof.
  intros Hab Hx. set (t := (b - x) / (b - a)).
  assert (Ht : 0 <= t <= 1).
  { unfold t. split.
    - apply Rdiv_le_0_compat; lra.
    - apply (Rmult_le_reg_r (b - a)); [lra |]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra. }
  assert (E1 : s * x = t * (s * a) + (1 - t) * (s * b)) by (unfold t; field; lra).
  assert (E2 : (x - a) / (b - a) = 1 - t) by (unfold t; field; lra).
  rewrite E1, E2. apply exp_convex. exact Ht.
Qed.

(*! claim CONC-HLEMMA/exponent-corrected *)
(*! args s x a b *)
Theorem hlemma_exponent_corrected (s x a b : R) : a < b ->
  s * x = s * (a * (b - x) / (- a + b) + b * (1 - (b - x) / (- a + b))).
Proof. intro H. field. lra. Qed.

(* ------------------------------------------------------------ Hoeffding's lemma *)

Lemma cont_exp_scaled (s x : R) : continuity_pt (fun y => exp (s * y)) x.
Proof.
  apply (continuity_of_derive _ _ (s * exp (s * x))). auto_derive; [exact I | ring].
Qed.

Lemma cont_affine (c d x : R) : continuity_pt (fun y => c * y + d) x.
Proof. apply (continuity_of_derive _ _ c). auto_derive; [exact I | ring]. Qed.

(* CONC-HLEMMA and CONC-HLEMMA/proof (002_3ec5ec57f55c1fdf.txt, 有用な確率不等式のまとめ >
   Hoeffding's inequality > Hoeffding's lemma, 導出: "確率変数 X が E[X] = 0, a \leqq X \leqq b
   を満たすとき ... E[\exp(sX)] \leqq \exp(s^2 (b - a)^2 / 8)"), for every real s (the source
   states s > 0).  L is the law of X: L g = E[g(X)] for continuous g, monotone on [a, b]
   (X ∈ [a, b]), affine, with E[X] = L(x ↦ x) = 0.  The proof is the source's, repaired:
   the chord of e^{sx} (exp_chord), E[e^{sX}] <= (not =, ERR-HLEMMA-MGF-EQ) the two-point
   value = e^{φ(u)} with p = −a/(b − a), u = s(b − a); φ(0) = 0 (ERR-HLEMMA-PHI0),
   φ'(0) = 0, φ'' = ρ(1 − ρ) <= 1/4 and Taylor with φ''(v) (ERR-HLEMMA-TAYLOR). *)
(*! claim CONC-HLEMMA CONC-HLEMMA/proof *)
Theorem hoeffding_lemma (L : (R -> R) -> R) (a b s : R) :
  a <= b ->
  (forall g h : R -> R, (forall x, continuity_pt g x) -> (forall x, continuity_pt h x) ->
     (forall x, a <= x <= b -> g x <= h x) -> L g <= L h) ->
  (forall c d, L (fun x => c * x + d) = c * L (fun x => x) + d) ->
  L (fun x => x) = 0 ->
  L (fun x => exp (s * x)) <= exp (s ^ 2 * (b - a) ^ 2 / 8).
Proof.
  intros Hab Hmono Haff Hmean.
  assert (Lc : forall d, L (fun _ => d) = d).
  { intro d. replace (fun _ : R => d) with (fun x : R => 0 * x + d)
      by (apply functional_extensionality; intro; ring).
    rewrite Haff. ring. }
  assert (Lid : L (fun x => x) = L (fun x => 1 * x + 0))
    by (f_equal; apply functional_extensionality; intro; ring).
  (* a <= 0 <= b, from E[X] = 0 and a <= X <= b *)
  assert (Ha0 : a <= 0).
  { rewrite <- Hmean, <- (Lc a). apply Hmono.
    - intro; apply continuity_pt_const; intros ? ?; reflexivity.
    - intro x. apply continuity_pt_id.
    - intros x Hx. lra. }
  assert (Hb0 : 0 <= b).
  { rewrite <- Hmean, <- (Lc b). apply Hmono.
    - intro x. apply continuity_pt_id.
    - intro; apply continuity_pt_const; intros ? ?; reflexivity.
    - intros x Hx. lra. }
  destruct (Rle_lt_or_eq_dec a b Hab) as [Lt | Eq].
  2: { (* a = b: X = 0 *)
       subst b. assert (a = 0) by lra. subst a.
       replace (s ^ 2 * (0 - 0) ^ 2 / 8) with 0 by field. rewrite exp_0, <- (Lc 1).
       apply Hmono.
       - intro x. apply cont_exp_scaled.
       - intro; apply continuity_pt_const; intros ? ?; reflexivity.
       - intros x Hx. replace x with 0 by lra. rewrite Rmult_0_r, exp_0. lra. }
  set (c := (exp (s * b) - exp (s * a)) / (b - a)).
  set (d := (b * exp (s * a) - a * exp (s * b)) / (b - a)).
  assert (Step1 : L (fun x => exp (s * x)) <= d).
  { replace d with (L (fun x => c * x + d)) by (rewrite Haff, Hmean; ring).
    apply Hmono.
    - intro x. apply cont_exp_scaled.
    - intro x. apply cont_affine.
    - intros x Hx. eapply Rle_trans; [apply (exp_chord s a b x Lt Hx) |].
      right. unfold c, d. field. lra. }
  set (p := - a / (b - a)). set (u := s * (b - a)).
  assert (Hp : 0 <= p <= 1).
  { unfold p. split.
    - apply Rdiv_le_0_compat; lra.
    - apply (Rmult_le_reg_r (b - a)); [lra |]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra. }
  assert (Ed : d = exp (phi p u)).
  { unfold phi. rewrite exp_ln.
    - unfold d, p, u.
      replace ((1 - - a / (b - a)) * (s * (b - a))) with (s * b) by (field; lra).
      replace (- (- a / (b - a)) * (s * (b - a))) with (s * a) by (field; lra).
      field. lra.
    - pose proof (exp_pos ((1 - p) * u)). pose proof (exp_pos (- p * u)).
      destruct (Req_dec p 0) as [P0 | P0].
      + rewrite P0 in *. rewrite Rmult_0_l, Rplus_0_l. lra.
      + assert (0 < p * exp ((1 - p) * u)) by (apply Rmult_lt_0_compat; lra).
        assert (0 <= (1 - p) * exp (- p * u)) by (apply Rmult_le_pos; lra). lra. }
  assert (Step2 : exp (phi p u) <= exp (s ^ 2 * (b - a) ^ 2 / 8)).
  { apply exp_le_mono. replace (s ^ 2 * (b - a) ^ 2 / 8) with (u ^ 2 / 8) by (unfold u; field).
    apply phi_le. exact Hp. }
  lra.
Qed.

(* The hypotheses of hoeffding_lemma are met: the law of X = 0 (Dirac at 0) on [a, b] ∋ 0. *)
Lemma hoeffding_lemma_hyps_satisfiable (a b : R) : a <= 0 <= b ->
  let L := fun g : R -> R => g 0 in
  (forall g h : R -> R, (forall x, continuity_pt g x) -> (forall x, continuity_pt h x) ->
     (forall x, a <= x <= b -> g x <= h x) -> L g <= L h) /\
  (forall c d, L (fun x => c * x + d) = c * L (fun x => x) + d) /\ L (fun x => x) = 0.
Proof.
  intros Hab L. unfold L. split; [| split; [intros; ring | reflexivity]].
  intros g h _ _ H. apply H. exact Hab.
Qed.
